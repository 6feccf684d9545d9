import { ChangePasswordForm } from '@/components/auth/ChangePasswordForm.tsx';
import './settings.css';

/** `/tutor/change-password`. */
export default function ChangePassword() {
  return (
    <section className="tutor-page">
      <h1>Change password</h1>
      <ChangePasswordForm role="tutor" className="form form-card settings-form" />
    </section>
  );
}
