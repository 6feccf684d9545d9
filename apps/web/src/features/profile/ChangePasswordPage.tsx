import { ChangePasswordForm } from '@/components/auth/ChangePasswordForm.tsx';
import './profile.css';

/** `/change-password`: old, new and confirm (new and confirm must match). */
export function ChangePasswordPage() {
  return (
    <div className="page">
      <div className="form-card profile-card">
        <h1>Change password</h1>
        <ChangePasswordForm role="user" className="form profile-form" />
      </div>
    </div>
  );
}
