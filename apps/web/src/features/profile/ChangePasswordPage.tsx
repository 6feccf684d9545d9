import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import { ZChangePasswordRequest, type TChangePasswordRequest } from '@app/contract/accounts';
import { useChangePassword } from './api/change-password.ts';
import { GENERIC_ERROR, refusalReason } from './messages.ts';
import { updateStoredIdentity } from './stored-identity.ts';
import './profile.css';

export const PASSWORD_CHANGED = 'Password changed successfully';

/** `/change-password`: old, new and confirm (new and confirm must match). */
export function ChangePasswordPage() {
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<TChangePasswordRequest>({
    resolver: zodResolver(ZChangePasswordRequest),
    defaultValues: { oldPassword: '', newPassword: '', confirmPassword: '' },
  });
  const reason = change.isError ? refusalReason(change.error) : null;

  const onSubmit = handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: (res) => {
        // The server retires older tokens on a password change and hands this browser a fresh one.
        if (res.token) updateStoredIdentity({ token: res.token });
        toast.success(PASSWORD_CHANGED);
        reset();
      },
      onError: () => toast.error(GENERIC_ERROR),
    }),
  );

  return (
    <div className="page">
      <div className="form-card profile-card">
        <h1>Change password</h1>
        <form className="form profile-form" onSubmit={onSubmit} noValidate>
          <div className="field">
            <label htmlFor="cp-old">Old password</label>
            <input
              id="cp-old"
              type="password"
              autoComplete="current-password"
              aria-invalid={!!errors.oldPassword}
              {...register('oldPassword')}
            />
            {errors.oldPassword && <p className="field-error">{errors.oldPassword.message}</p>}
          </div>
          <div className="field">
            <label htmlFor="cp-new">New password</label>
            <input
              id="cp-new"
              type="password"
              autoComplete="new-password"
              aria-invalid={!!errors.newPassword}
              {...register('newPassword')}
            />
            {errors.newPassword && <p className="field-error">{errors.newPassword.message}</p>}
          </div>
          <div className="field">
            <label htmlFor="cp-confirm">Confirm new password</label>
            <input
              id="cp-confirm"
              type="password"
              autoComplete="new-password"
              aria-invalid={!!errors.confirmPassword}
              {...register('confirmPassword')}
            />
            {errors.confirmPassword && (
              <p className="field-error" role="alert">
                {errors.confirmPassword.message}
              </p>
            )}
          </div>
          {reason && (
            <p className="field-error" role="alert">
              {reason}
            </p>
          )}
          <button type="submit" className="btn" disabled={change.isPending}>
            {change.isPending ? 'Saving...' : 'Change password'}
          </button>
        </form>
      </div>
    </div>
  );
}
