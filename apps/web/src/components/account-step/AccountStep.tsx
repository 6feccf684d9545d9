import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '@/components/Link.tsx';
import { z } from 'zod';
import { ZEmail, ZUserSignupRequest, type TUserSignupRequest } from '@app/contract/accounts';
import { TextField } from '@/components/form/FormField.tsx';
import { FormAlert } from '@/components/form/FormAlert.tsx';
import { logIn } from '@/lib/queries/login.ts';
import { signUpStudent } from '@/lib/queries/signup.ts';
import { refusalMessage } from '@/lib/messages.ts';
import { saveLogin } from '@/lib/session.ts';
import { t as translate, useT } from '@/lib/i18n/index.ts';

const ZLogin = z.object({
  email: ZEmail,
  password: z.string().min(1, { error: () => translate('accountStep.passwordRequired') }),
});
type LoginValues = z.input<typeof ZLogin>;

import './account-step.css';

/**
 * A page reached from an emailed link (a gift to redeem, a team to join) that needs a student account: a new one
 * (sign-up and login in one step) or an existing one. `onSignedIn` runs once the session is saved (the page then
 * acts). `verb` ends the buttons' words ('Create account and redeem'); `next` is where a two-factor login comes back.
 */
export function AccountStep({
  next,
  verb,
  purpose,
  idPrefix,
  defaultName,
  defaultEmail = '',
  onSignedIn,
}: {
  next: string;
  verb: string;
  /** What the login is for, after 'and you come back here ' (e.g. 'to redeem the gift'). */
  purpose: string;
  idPrefix: string;
  defaultName: string;
  defaultEmail?: string;
  onSignedIn: () => Promise<void>;
}) {
  const t = useT();
  const [mode, setMode] = useState<'new' | 'existing'>('new');
  const [error, setError] = useState<string | null>(null);
  const [twoFactor, setTwoFactor] = useState(false);

  const signIn = async (email: string, password: string) => {
    const res = await logIn('user', { userName: email, password });
    if ('twoFactorRequired' in res) {
      setTwoFactor(true);
      return;
    }
    saveLogin('user', res);
    await onSignedIn();
  };

  if (twoFactor) {
    return (
      <p role="alert">
        {t('accountStep.twoFactor')}{' '}
        <Link to={`/login?next=${encodeURIComponent(next)}`}>{t('accountStep.logIn')}</Link>
        {t('accountStep.comeBack', { purpose })}
      </p>
    );
  }

  return (
    <div className="account-step">
      <div className="account-step-tabs" role="tablist" aria-label={t('accountStep.tabsLabel')}>
        <button
          type="button"
          role="tab"
          aria-selected={mode === 'new'}
          className={mode === 'new' ? 'btn' : 'btn btn-outline'}
          onClick={() => {
            setMode('new');
            setError(null);
          }}
        >
          {t('accountStep.new')}
        </button>
        <button
          type="button"
          role="tab"
          aria-selected={mode === 'existing'}
          className={mode === 'existing' ? 'btn' : 'btn btn-outline'}
          onClick={() => {
            setMode('existing');
            setError(null);
          }}
        >
          {t('accountStep.existing')}
        </button>
      </div>
      {mode === 'new' ? (
        <SignUpForm
          idPrefix={idPrefix}
          verb={verb}
          defaultName={defaultName}
          defaultEmail={defaultEmail}
          onSubmit={async (v) => {
            setError(null);
            try {
              await signUpStudent(v);
            } catch (err) {
              setError(refusalMessage(err));
              return;
            }
            try {
              await signIn(v.email, v.password);
            } catch (err) {
              setError(refusalMessage(err));
            }
          }}
        />
      ) : (
        <LoginForm
          idPrefix={idPrefix}
          verb={verb}
          defaultEmail={defaultEmail}
          onSubmit={async (v) => {
            setError(null);
            try {
              await signIn(v.email.trim(), v.password);
            } catch (err) {
              setError(refusalMessage(err));
            }
          }}
        />
      )}
      <FormAlert message={error} />
    </div>
  );
}

function SignUpForm({
  idPrefix,
  verb,
  defaultName,
  defaultEmail,
  onSubmit,
}: {
  idPrefix: string;
  verb: string;
  defaultName: string;
  defaultEmail: string;
  onSubmit: (v: TUserSignupRequest) => Promise<void>;
}) {
  const t = useT();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof ZUserSignupRequest>, unknown, TUserSignupRequest>({
    resolver: zodResolver(ZUserSignupRequest),
    defaultValues: {
      fullName: defaultName,
      email: defaultEmail,
      phoneNumber: '',
      password: '',
      confirmPassword: '',
    },
  });
  return (
    <form className="form" noValidate onSubmit={handleSubmit(onSubmit)}>
      <TextField
        id={`${idPrefix}-signup-name`}
        label={t('auth.field.fullName')}
        autoComplete="name"
        error={errors.fullName?.message}
        {...register('fullName')}
      />
      <TextField
        id={`${idPrefix}-signup-email`}
        label={t('auth.field.email')}
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        id={`${idPrefix}-signup-phone`}
        label={t('auth.field.phone')}
        type="tel"
        autoComplete="tel"
        error={errors.phoneNumber?.message}
        {...register('phoneNumber')}
      />
      <TextField
        id={`${idPrefix}-signup-password`}
        label={t('auth.field.password')}
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <TextField
        id={`${idPrefix}-signup-confirm`}
        label={t('auth.field.confirmPassword')}
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <p className="muted">
        {t('accountStep.acceptBefore')} <Link to="/terms-and-policy">{t('auth.signup.terms')}</Link>
        {t('accountStep.acceptAfter')}
      </p>
      <button type="submit" className="btn" disabled={isSubmitting}>
        {isSubmitting ? t('common.loading') : t('accountStep.createAnd', { verb })}
      </button>
    </form>
  );
}

function LoginForm({
  idPrefix,
  verb,
  defaultEmail,
  onSubmit,
}: {
  idPrefix: string;
  verb: string;
  defaultEmail: string;
  onSubmit: (v: LoginValues) => Promise<void>;
}) {
  const t = useT();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues>({
    resolver: zodResolver(ZLogin),
    defaultValues: { email: defaultEmail, password: '' },
  });
  return (
    <form className="form" noValidate onSubmit={handleSubmit(onSubmit)}>
      <TextField
        id={`${idPrefix}-login-email`}
        label={t('auth.field.email')}
        type="email"
        autoComplete="username"
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        id={`${idPrefix}-login-password`}
        label={t('auth.field.password')}
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <button type="submit" className="btn" disabled={isSubmitting}>
        {isSubmitting ? t('common.loading') : t('accountStep.logInAnd', { verb })}
      </button>
      <p className="auth-links">
        <Link to="/forgot-password">{t('auth.forgotPassword')}</Link>
      </p>
    </form>
  );
}
