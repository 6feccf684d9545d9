import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { OTP_LENGTH, PASSWORD_MIN_LENGTH } from '@app/contract/accounts';
import { TextField } from '../form/FormField.tsx';
import { KEYS } from '../../lib/storage-keys.ts';
import type { Role } from '../../lib/session.ts';
import { GENERIC_ERROR, refusalMessage } from './auth-messages.ts';
import { ROLE_TABLE } from '@app/contract/roles';
import { RESET_REDIRECT_MS } from './auth-roles.ts';
import { FormAlert, firstError } from '../form/FormAlert.tsx';
import { useResetPassword } from './password-reset-api.ts';
import './auth.css';
import { useNavigateLater } from '../../lib/use-navigate-later.ts';

const schema = z.object({
  email: z
    .string()
    .trim()
    .min(1, { error: 'Please fill in your email.' })
    .pipe(z.email({ error: 'Enter a valid email address' })),
  otp: z
    .string()
    .trim()
    .min(1, { error: 'Please fill in your otp.' })
    .regex(new RegExp(`^[0-9]{${OTP_LENGTH}}$`), { error: 'OTP must be the 6 digits from the email' }),
  newPassword: z
    .string()
    .min(1, { error: 'Please fill in your new password.' })
    .min(PASSWORD_MIN_LENGTH, { error: `Password must be at least ${PASSWORD_MIN_LENGTH} characters` }),
});
type Values = z.infer<typeof schema>;
const ORDER = ['email', 'otp', 'newPassword'] as const;

/** Step 2 of a password reset for any role: the emailed code and a new password, then back to the login. */
export function ResetPasswordForm({ role }: { role: Role }) {
  const paths = ROLE_TABLE[role];
  const navigateLater = useNavigateLater();
  const reset = useResetPassword(role);
  const storedEmail = localStorage.getItem(KEYS.resetEmail) ?? '';
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { email: storedEmail, otp: '', newPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ email, otp, newPassword }) => {
    try {
      const res = await reset.mutateAsync({ emailAddress: email, otp, newPassword });
      localStorage.removeItem(KEYS.resetEmail);
      toast.success(res.responseDto.message);
      navigateLater(paths.login, RESET_REDIRECT_MS);
    } catch (err) {
      toast.error(refusalMessage(err, GENERIC_ERROR));
    }
  });

  return (
    <section className="form-card auth-card">
      <h1>Reset password</h1>
      <p className="muted">Enter the code we sent to your email and choose a new password.</p>
      <form className="form" onSubmit={onSubmit} noValidate>
        <TextField
          id="reset-email"
          label="Email"
          type="email"
          autoComplete="email"
          invalid={!!errors.email}
          {...register('email')}
        />
        <TextField
          id="reset-otp"
          label="Code (OTP)"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={OTP_LENGTH}
          invalid={!!errors.otp}
          {...register('otp')}
        />
        <TextField
          id="reset-new-password"
          label="New password"
          type="password"
          autoComplete="new-password"
          invalid={!!errors.newPassword}
          {...register('newPassword')}
        />
        <FormAlert message={firstError(errors, ORDER)} />
        <button type="submit" className="btn" disabled={reset.isPending}>
          {reset.isPending ? 'Loading...' : 'Reset password'}
        </button>
      </form>
      <p className="auth-links">
        <Link to={paths.forgot}>Send a new code</Link> · <Link to={paths.login}>Back to login</Link>
      </p>
    </section>
  );
}
