import { Link } from 'react-router';
import { ROLE_TABLE } from '@app/contract/roles';
import { useSignUpStudent } from '@/lib/queries/signup.ts';
import { accountRequest } from './components/AccountFields.tsx';
import { SignupForm } from './components/SignupForm.tsx';

/** /signup: a student account, then the login after 2 s. */
export default function SignupPage() {
  const signup = useSignUpStudent();
  return (
    <SignupForm
      title="Create your account"
      idPrefix="signup"
      extra={{}}
      send={(v) => signup.mutateAsync(accountRequest(v))}
      busy={signup.isPending}
      done={signup.isSuccess}
      loginPath={ROLE_TABLE.user.login}
      links={
        <>
          Already have an account? <Link to="/login">Login</Link> ·{' '}
          <Link to="/teaching">Signup as teacher</Link>
        </>
      }
    />
  );
}
