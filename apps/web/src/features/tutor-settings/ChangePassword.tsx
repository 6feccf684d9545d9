import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import { ZChangePasswordRequest, type TChangePasswordRequest } from '@app/contract/accounts';
import { ApiError } from '../../lib/api.ts';
import { replaceToken } from '../../lib/session.ts';
import { useChangeStaffPassword } from './api/change-password.ts';
import './settings.css';

export const PASSWORD_CHANGED = 'Password changed successfully';
const GENERIC_FAILURE = 'An error occurred. Please try again.';

/** `/tutor/change-password`. */
export default function ChangePassword() {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<TChangePasswordRequest>({
    resolver: zodResolver(ZChangePasswordRequest),
    defaultValues: { oldPassword: '', newPassword: '', confirmPassword: '' },
  });
  const change = useChangeStaffPassword();

  const submit = handleSubmit((body) =>
    change.mutate(body, {
      onSuccess: (res) => {
        // The server retires older tokens on a password change and hands this browser a fresh one.
        replaceToken(res.token);
        toast.success(PASSWORD_CHANGED);
        reset();
      },
      // A 400 names what was wrong (say, the old password); anything else stays generic.
      onError: (err) =>
        toast.error(err instanceof ApiError && err.status === 400 ? err.message : GENERIC_FAILURE),
    }),
  );

  return (
    <section className="tutor-page">
      <h1>Change password</h1>
      <form className="form form-card settings-form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor="old-password">Old password</label>
          <input
            id="old-password"
            type="password"
            autoComplete="current-password"
            aria-invalid={errors.oldPassword ? true : undefined}
            {...register('oldPassword')}
          />
          {errors.oldPassword && <p className="field-error">{errors.oldPassword.message}</p>}
        </div>
        <div className="field">
          <label htmlFor="new-password">New password</label>
          <input
            id="new-password"
            type="password"
            autoComplete="new-password"
            aria-invalid={errors.newPassword ? true : undefined}
            {...register('newPassword')}
          />
          {errors.newPassword && <p className="field-error">{errors.newPassword.message}</p>}
        </div>
        <div className="field">
          <label htmlFor="confirm-password">Confirm new password</label>
          <input
            id="confirm-password"
            type="password"
            autoComplete="new-password"
            aria-invalid={errors.confirmPassword ? true : undefined}
            {...register('confirmPassword')}
          />
          {errors.confirmPassword && <p className="field-error">{errors.confirmPassword.message}</p>}
        </div>
        <button type="submit" className="btn" disabled={change.isPending}>
          {change.isPending ? 'Saving...' : 'Change password'}
        </button>
      </form>
    </section>
  );
}
