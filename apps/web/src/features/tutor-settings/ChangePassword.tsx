import { ChangePasswordForm } from '@/components/auth/ChangePasswordForm.tsx';
import { useT } from '@/lib/i18n/index.ts';
import './settings.css';

/** `/tutor/change-password`. */
export default function ChangePassword() {
  const t = useT();
  return (
    <section className="tutor-page">
      <h1>{t('tutorSettings.changePassword')}</h1>
      <ChangePasswordForm role="tutor" className="form form-card settings-form" />
    </section>
  );
}
