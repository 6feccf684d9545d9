import { ForgotPasswordForm } from '@/components/auth/ForgotPasswordForm.tsx';
import { ResetPasswordForm } from '@/components/auth/ResetPasswordForm.tsx';

/** /forgot-password (student). */
export function ForgotPasswordPage() {
  return <ForgotPasswordForm role="user" />;
}

/** /reset-password (student). */
export function ResetPasswordPage() {
  return <ResetPasswordForm role="user" />;
}
