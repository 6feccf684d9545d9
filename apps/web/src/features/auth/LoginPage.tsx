import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { TLoginResponse } from '@app/contract/accounts';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useSearchParams } from 'react-router';
import { Link } from '@/components/Link.tsx';
import { toast } from 'react-toastify';
import { refusalMessage } from '@/components/auth/auth-messages.ts';
import { ROLE_TABLE } from '@app/contract/roles';
import { FormAlert, firstError } from '@/components/form/FormAlert.tsx';
import { saveLogin, type Role } from '@/lib/session.ts';
import { useLogin } from '@/lib/queries/login.ts';
import { blank, FILL_ALL, firstFailing } from './components/form-rules.ts';
import '@/components/auth/auth.css';
import { useNavigateLater } from '@/lib/use-navigate-later.ts';
import { NEXT_PARAM, safeNext } from '@/lib/login-return.ts';
import { SECURITY_PATH } from '@/lib/security-paths.ts';
import { TwoFactorStep } from './components/TwoFactorStep.tsx';
import { t as translate, useT } from '@/lib/i18n/index.ts';

/** Spec §9: where each role lands after login, and after how long. */
export const AFTER_LOGIN: Record<Role, { to: string; delayMs: number; title: string }> = {
  user: { to: ROLE_TABLE.user.area, delayMs: 2000, title: 'auth.login.userTitle' },
  tutor: { to: ROLE_TABLE.tutor.area, delayMs: 1000, title: 'auth.login.tutorTitle' },
  admin: { to: ROLE_TABLE.admin.area, delayMs: 2000, title: 'auth.login.adminTitle' },
};

const schema = z
  .object({ userName: z.string(), password: z.string() })
  .superRefine((v, ctx) =>
    firstFailing(ctx, [['userName', blank(v.userName) || v.password === '', FILL_ALL()]]),
  );
type Values = z.infer<typeof schema>;

/** /login, /tutor-login and /admin-login. */
export default function LoginPage({ role }: { role: Role }) {
  const t = useT();
  const after = AFTER_LOGIN[role];
  // A guest sent here from a course (or the payment return) goes back there: same-site paths only.
  const [params] = useSearchParams();
  const next = safeNext(params.get(NEXT_PARAM));
  const navigateLater = useNavigateLater();
  const login = useLogin(role);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { userName: '', password: '' } });

  // The password was right and the account has two-factor sign-in on: the 6-digit code comes next.
  const [challenge, setChallenge] = useState<string | null>(null);
  const signedIn = (res: TLoginResponse) => {
    saveLogin(role, res);
    toast.success(translate('auth.login.success'));
    // An admin without two-factor sign-in is asked to turn it on; with REQUIRE_ADMIN_2FA, taken there first.
    if (res.twoFactorPrompt === 'suggested') toast.info(translate('auth.login.twoFactorSuggested'));
    const to =
      res.twoFactorPrompt === 'required' ? `${SECURITY_PATH.admin}?setup=required` : (next ?? after.to);
    navigateLater(to, after.delayMs);
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      const res = await login.mutateAsync({ userName: values.userName.trim(), password: values.password });
      if ('twoFactorRequired' in res) setChallenge(res.challenge);
      else signedIn(res);
    } catch (err) {
      toast.error(refusalMessage(err));
    }
  });

  if (challenge) {
    return (
      <section className="form-card auth-card">
        <h1>{t(after.title)}</h1>
        <TwoFactorStep
          role={role}
          challenge={challenge}
          onSignedIn={signedIn}
          onRestart={() => setChallenge(null)}
        />
      </section>
    );
  }

  // After a successful login the button stays off until the redirect.
  const busy = login.isPending || login.isSuccess;
  return (
    <section className="form-card auth-card">
      <h1>{t(after.title)}</h1>
      <form className="form" onSubmit={onSubmit} noValidate>
        <div className="field">
          <label htmlFor={`${role}-login-email`}>{t('auth.field.email')}</label>
          <input id={`${role}-login-email`} type="email" autoComplete="username" {...register('userName')} />
        </div>
        <div className="field">
          <label htmlFor={`${role}-login-password`}>{t('auth.field.password')}</label>
          <input
            id={`${role}-login-password`}
            type="password"
            autoComplete="current-password"
            {...register('password')}
          />
        </div>
        <FormAlert message={firstError(errors, ['userName'])} />
        <button type="submit" className="btn" disabled={busy}>
          {login.isPending ? t('common.loading') : t('auth.loginLink')}
        </button>
      </form>
      <p className="auth-links">
        <Link to={ROLE_TABLE[role].forgot}>{t('auth.forgotPassword')}</Link>
      </p>
      {role === 'user' && (
        <p className="auth-links">
          {t('auth.login.noAccount')} <Link to="/signup">{t('auth.signupLink')}</Link> ·{' '}
          <Link to="/teaching">{t('auth.signupAsTeacher')}</Link>
        </p>
      )}
      {role === 'tutor' && (
        <p className="auth-links">
          {t('auth.login.newTutor')} <Link to="/tutor-signup">{t('auth.login.createTutorAccount')}</Link>
        </p>
      )}
    </section>
  );
}
