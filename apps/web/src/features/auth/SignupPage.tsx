import { Link } from '@/components/Link.tsx';
import { ROLE_TABLE } from '@app/contract/roles';
import { useSignUpStudent } from '@/lib/queries/signup.ts';
import { accountRequest } from './components/AccountFields.tsx';
import { SignupForm } from './components/SignupForm.tsx';
import { useT } from '@/lib/i18n/index.ts';

/** /signup: a student account, then the login after 2 s. */
export default function SignupPage() {
  const t = useT();
  const signup = useSignUpStudent();
  return (
    <SignupForm
      title={t('auth.signup.title')}
      idPrefix="signup"
      extra={{}}
      send={(v) => signup.mutateAsync(accountRequest(v))}
      busy={signup.isPending}
      done={signup.isSuccess}
      loginPath={ROLE_TABLE.user.login}
      links={
        <>
          {t('auth.signup.haveAccount')} <Link to="/login">{t('auth.loginLink')}</Link> ·{' '}
          <Link to="/teaching">{t('auth.signupAsTeacher')}</Link>
        </>
      }
    />
  );
}
