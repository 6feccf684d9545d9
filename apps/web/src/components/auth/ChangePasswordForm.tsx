import { useMutation } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { ZChangePasswordRequest, type TChangePasswordRequest } from '@app/contract/accounts';
import { TextField } from '@/components/form/FormField.tsx';
import { callOp } from '@/lib/api.ts';
import { replaceToken, type Role } from '@/lib/session.ts';
import { genericError, refusalReason } from './auth-messages.ts';
import { ROLE_TABLE } from '@app/contract/roles';
import { FormAlert } from '@/components/form/FormAlert.tsx';
import { t as translate, useT } from '@/lib/i18n/index.ts';

/**
 * Old, new and confirm password for any role (spec §5: 'New passwords do not match'). The server keeps this session
 * signed in, ends the others, and answers a fresh token for this session, which replaces the stored one.
 */
export function ChangePasswordForm({ role, className = 'form' }: { role: Role; className?: string }) {
  const t = useT();
  const change = useMutation({
    mutationFn: (body: TChangePasswordRequest) => callOp(ROLE_TABLE[role].changeOp, body),
  });
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
        if (res.token) replaceToken(res.token);
        toast.success(translate('auth.changePassword.done'));
        reset();
      },
      onError: () => toast.error(genericError()),
    }),
  );

  const field = (name: keyof TChangePasswordRequest, label: string, autoComplete: string) => (
    <TextField
      id={`change-password-${name}`}
      label={label}
      type="password"
      autoComplete={autoComplete}
      error={errors[name]?.message}
      alert
      {...register(name)}
    />
  );

  return (
    <form className={className} onSubmit={onSubmit} noValidate>
      {field('oldPassword', t('auth.changePassword.old'), 'current-password')}
      {field('newPassword', t('auth.field.newPassword'), 'new-password')}
      {field('confirmPassword', t('auth.changePassword.confirm'), 'new-password')}
      <FormAlert message={reason} className="field-error" />
      <button type="submit" className="btn" disabled={change.isPending}>
        {change.isPending ? t('auth.saving') : t('auth.changePassword.title')}
      </button>
    </form>
  );
}
