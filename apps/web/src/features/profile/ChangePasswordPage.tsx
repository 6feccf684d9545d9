import { ChangePasswordForm } from '@/components/auth/ChangePasswordForm.tsx';
import { useT } from '@/lib/i18n/index.ts';
import './profile.css';

/** `/change-password`: old, new and confirm (new and confirm must match). */
export function ChangePasswordPage() {
  const t = useT();
  return (
    <div className="page">
      <div className="form-card profile-card">
        <h1>{t('auth.changePassword.title')}</h1>
        <ChangePasswordForm role="user" className="form profile-form" />
      </div>
    </div>
  );
}
