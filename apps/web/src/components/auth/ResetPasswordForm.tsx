import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Link } from '@/components/Link.tsx';
import { OTP_LENGTH, PASSWORD_MIN_LENGTH } from '@app/contract/accounts';
import { TextField } from '@/components/form/FormField.tsx';
import { KEYS } from '@/lib/storage-keys.ts';
import type { Role } from '@/lib/session.ts';
import { genericError } from './auth-messages.ts';
import { ROLE_TABLE } from '@app/contract/roles';
import { firstError } from '@/components/form/FormAlert.tsx';
import { markedFieldOf } from '@/components/form/field-of.ts';
import { useResetPassword } from './password-reset-api.ts';
import { ResetCard, useResetStep, ZResetEmail } from './ResetCard.tsx';
import { t as translate, useT } from '@/lib/i18n/index.ts';

const schema = z.object({
  email: ZResetEmail,
  otp: z
    .string()
    .trim()
    .min(1, { error: () => translate('auth.reset.fillOtp') })
    .regex(new RegExp(`^[0-9]{${OTP_LENGTH}}$`), { error: () => translate('auth.reset.otpDigits') }),
  newPassword: z
    .string()
    .min(1, { error: () => translate('auth.reset.fillPassword') })
    .min(PASSWORD_MIN_LENGTH, {
      error: () => translate('auth.reset.passwordMin', { min: PASSWORD_MIN_LENGTH }),
    }),
});
type Values = z.infer<typeof schema>;
const ORDER = ['email', 'otp', 'newPassword'] as const;

/** Step 2 of a password reset for any role: the emailed code and a new password, then back to the login. */
export function ResetPasswordForm({ role }: { role: Role }) {
  const t = useT();
  const paths = ROLE_TABLE[role];
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
  const field = markedFieldOf(register, errors);
  const sendStep = useResetStep(
    paths.login,
    () => genericError(),
    () => t('auth.reset.done'),
  );

  const onSubmit = handleSubmit(({ email, otp, newPassword }) =>
    sendStep(async () => {
      const res = await reset.mutateAsync({ emailAddress: email, otp, newPassword });
      localStorage.removeItem(KEYS.resetEmail);
      return res;
    }),
  );

  return (
    <ResetCard
      title={t('auth.reset.title')}
      intro={t('auth.reset.intro')}
      onSubmit={onSubmit}
      error={firstError(errors, ORDER)}
      busy={reset.isPending}
      submitLabel={t('auth.reset.title')}
      links={
        <>
          <Link to={paths.forgot}>{t('auth.reset.newCode')}</Link> ·{' '}
          <Link to={paths.login}>{t('auth.backToLogin')}</Link>
        </>
      }
    >
      <TextField
        id="reset-email"
        label={t('auth.field.email')}
        type="email"
        autoComplete="email"
        {...field('email')}
      />
      <TextField
        id="reset-otp"
        label={t('auth.reset.otp')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={OTP_LENGTH}
        {...field('otp')}
      />
      <TextField
        id="reset-new-password"
        label={t('auth.field.newPassword')}
        type="password"
        autoComplete="new-password"
        {...field('newPassword')}
      />
    </ResetCard>
  );
}
