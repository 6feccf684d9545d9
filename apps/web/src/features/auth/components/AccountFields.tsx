import type { ReactNode } from 'react';
import type { Path, UseFormRegister } from 'react-hook-form';
import { Link } from '@/components/Link.tsx';
import { TextField } from '@/components/form/FormField.tsx';
import { useT } from '@/lib/i18n/index.ts';

/** The fields every sign-up form has; the one form alert under them reports their errors. */
export type AccountValues = {
  fullName: string;
  email: string;
  phoneNumber: string;
  password: string;
  confirmPassword: string;
  terms: boolean;
};

/** The account part of a sign-up request, as every role's sign-up call takes it (texts trimmed). */
export const accountRequest = (v: AccountValues) => ({
  fullName: v.fullName.trim(),
  email: v.email.trim(),
  phoneNumber: v.phoneNumber.trim(),
  password: v.password,
  confirmPassword: v.confirmPassword,
});

/**
 * Full name, email and phone, then the form's own fields (children), then password, confirmation and the terms box.
 * Ids are `<idPrefix>-name`, `-email`, `-phone`, `-password`, `-confirm`, `-terms`.
 */
export function AccountFields<T extends AccountValues>({
  idPrefix,
  register,
  children,
}: {
  idPrefix: string;
  register: UseFormRegister<T>;
  children?: ReactNode;
}) {
  const t = useT();
  // The names are AccountValues keys, which every T has.
  const reg = (name: keyof AccountValues) => register(name as Path<T>);
  return (
    <>
      <TextField
        id={`${idPrefix}-name`}
        label={t('auth.field.fullName')}
        autoComplete="name"
        {...reg('fullName')}
      />
      <TextField
        id={`${idPrefix}-email`}
        label={t('auth.field.email')}
        type="email"
        autoComplete="email"
        {...reg('email')}
      />
      <TextField
        id={`${idPrefix}-phone`}
        label={t('auth.field.phone')}
        type="tel"
        autoComplete="tel"
        {...reg('phoneNumber')}
      />
      {children}
      <TextField
        id={`${idPrefix}-password`}
        label={t('auth.field.password')}
        type="password"
        autoComplete="new-password"
        {...reg('password')}
      />
      <TextField
        id={`${idPrefix}-confirm`}
        label={t('auth.field.confirmPassword')}
        type="password"
        autoComplete="new-password"
        {...reg('confirmPassword')}
      />
      <div className="checkbox-field">
        <input id={`${idPrefix}-terms`} type="checkbox" {...reg('terms')} />
        <label htmlFor={`${idPrefix}-terms`}>
          {t('auth.signup.acceptBefore')} <Link to="/terms-and-policy">{t('auth.signup.terms')}</Link>
        </label>
      </div>
    </>
  );
}
