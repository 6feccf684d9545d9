import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { z } from 'zod';
import { ZEmail, ZUserSignupRequest, type TUserSignupRequest } from '@app/contract/accounts';
import { TextField } from '@/components/form/FormField.tsx';
import { FormAlert } from '@/components/form/FormAlert.tsx';
import { logIn } from '@/lib/queries/login.ts';
import { signUpStudent } from '@/lib/queries/signup.ts';
import { refusalMessage } from '@/lib/messages.ts';
import { saveLogin } from '@/lib/session.ts';

const ZLogin = z.object({
  email: ZEmail,
  password: z.string().min(1, { error: 'Password is required' }),
});
type LoginValues = z.input<typeof ZLogin>;

/** Where to log in (with two-factor sign-in) and come back to this gift. */
const loginPath = (code: string) => `/login?next=${encodeURIComponent(`/gift/redeem?code=${code}`)}`;

/**
 * Redeeming needs a student account: a new one (sign-up and login in one step) or an existing one. `onSignedIn`
 * runs once the session is saved (the page then redeems).
 */
export function AccountStep({
  code,
  defaultName,
  onSignedIn,
}: {
  code: string;
  defaultName: string;
  onSignedIn: () => Promise<void>;
}) {
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
        Your account uses two-factor sign-in. <Link to={loginPath(code)}>Log in</Link>, and you come back here
        to redeem the gift.
      </p>
    );
  }

  return (
    <div className="gift-account">
      <div className="gift-tabs" role="tablist" aria-label="Your DevLearn account">
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
          I&apos;m new to DevLearn
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
          I have an account
        </button>
      </div>
      {mode === 'new' ? (
        <SignUpForm
          defaultName={defaultName}
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
  defaultName,
  onSubmit,
}: {
  defaultName: string;
  onSubmit: (v: TUserSignupRequest) => Promise<void>;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof ZUserSignupRequest>, unknown, TUserSignupRequest>({
    resolver: zodResolver(ZUserSignupRequest),
    defaultValues: { fullName: defaultName, email: '', phoneNumber: '', password: '', confirmPassword: '' },
  });
  return (
    <form className="form" noValidate onSubmit={handleSubmit(onSubmit)}>
      <TextField
        id="gift-signup-name"
        label="Full name"
        autoComplete="name"
        error={errors.fullName?.message}
        {...register('fullName')}
      />
      <TextField
        id="gift-signup-email"
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        id="gift-signup-phone"
        label="Phone number"
        type="tel"
        autoComplete="tel"
        error={errors.phoneNumber?.message}
        {...register('phoneNumber')}
      />
      <TextField
        id="gift-signup-password"
        label="Password"
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <TextField
        id="gift-signup-confirm"
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <p className="muted">
        By creating an account you accept the <Link to="/terms-and-policy">terms and conditions</Link>.
      </p>
      <button type="submit" className="btn" disabled={isSubmitting}>
        {isSubmitting ? 'Loading...' : 'Create account and redeem'}
      </button>
    </form>
  );
}

function LoginForm({ onSubmit }: { onSubmit: (v: LoginValues) => Promise<void> }) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues>({ resolver: zodResolver(ZLogin), defaultValues: { email: '', password: '' } });
  return (
    <form className="form" noValidate onSubmit={handleSubmit(onSubmit)}>
      <TextField
        id="gift-login-email"
        label="Email"
        type="email"
        autoComplete="username"
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        id="gift-login-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <button type="submit" className="btn" disabled={isSubmitting}>
        {isSubmitting ? 'Loading...' : 'Log in and redeem'}
      </button>
      <p className="auth-links">
        <Link to="/forgot-password">Forgot password?</Link>
      </p>
    </form>
  );
}
