import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Link } from '@/components/Link.tsx';
import { TextField } from '@/components/form/FormField.tsx';
import { KEYS } from '@/lib/storage-keys.ts';
import type { Role } from '@/lib/session.ts';
import { ROLE_TABLE } from '@app/contract/roles';
import { firstError } from '@/components/form/FormAlert.tsx';
import { markedFieldOf } from '@/components/form/field-of.ts';
import { useRequestOtp } from './password-reset-api.ts';
import { ResetCard, useResetStep, ZResetEmail } from './ResetCard.tsx';
import { t as translate, useT } from '@/lib/i18n/index.ts';

const resetFailed = () => translate('auth.forgot.failed');

const schema = z.object({ email: ZResetEmail });
type Values = z.infer<typeof schema>;

/** Step 1 of a password reset for any role: email a one-time code, remember the email, go to the reset page. */
export function ForgotPasswordForm({ role }: { role: Role }) {
  const t = useT();
  const paths = ROLE_TABLE[role];
  const otp = useRequestOtp();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { email: '' } });
  const field = markedFieldOf(register, errors);
  const sendStep = useResetStep(paths.reset, resetFailed, () => t('auth.reset.codeSent'));

  const onSubmit = handleSubmit(({ email }) =>
    sendStep(async () => {
      const res = await otp.mutateAsync({
        otpId: email,
        otpType: 'R',
        notificationType: 'M',
        sendSource: role,
      });
      if (res.status !== 'SUCCESS') throw new Error(resetFailed());
      localStorage.setItem(KEYS.resetEmail, email);
      return res;
    }),
  );

  return (
    <ResetCard
      title={t('auth.forgot.title')}
      intro={t('auth.forgot.intro')}
      onSubmit={onSubmit}
      error={firstError(errors, ['email'])}
      busy={otp.isPending}
      submitLabel={t('auth.forgot.send')}
      links={<Link to={paths.login}>{t('auth.backToLogin')}</Link>}
    >
      <TextField
        id="forgot-email"
        label={t('auth.field.email')}
        type="email"
        autoComplete="email"
        {...field('email')}
      />
    </ResetCard>
  );
}
