import type { ReactNode } from 'react';
import { useForm, type DefaultValues, type Resolver, type UseFormRegister } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { toast } from 'react-toastify';
import { refusalMessage } from '@/components/auth/auth-messages.ts';
import { FormAlert, firstError } from '@/components/form/FormAlert.tsx';
import { AccountFields, type AccountValues } from './AccountFields.tsx';
import {
  ACCEPT_TERMS,
  blank,
  FILL_ALL,
  firstFailing,
  formatChecks,
  PASSWORDS_MISMATCH,
  SIGNUP_REDIRECT_MS,
  type Check,
} from './form-rules.ts';
import '@/components/auth/auth.css';
import { useNavigateLater } from '@/lib/use-navigate-later.ts';
import { t as translate, useT } from '@/lib/i18n/index.ts';

/** The order the form's one alert picks its message in (spec §5), before a form's own fields. */
const ACCOUNT_ORDER = ['fullName', 'confirmPassword', 'terms', 'email', 'phoneNumber', 'password'];

type Props<E extends Record<string, string>> = {
  title: string;
  idPrefix: string;
  /** The form's own text fields (all start empty), their format checks and their place in the alert's order. */
  extra: E;
  extraChecks?: (v: AccountValues & E) => Check[];
  renderExtra?: (register: UseFormRegister<AccountValues & E>) => ReactNode;
  /** Sends the trimmed values; the form says 'Signup successful!' and goes to `loginPath` after 2 s. */
  send: (v: AccountValues & E) => Promise<unknown>;
  busy: boolean;
  done: boolean;
  loginPath: string;
  links: ReactNode;
};

/** Both sign-up pages: account fields, the page's own fields, one alert, the Signup button. */
export function SignupForm<E extends Record<string, string>>(props: Props<E>) {
  const { extra, extraChecks, send, loginPath } = props;
  const t = useT();
  type Values = AccountValues & E;
  const navigateLater = useNavigateLater();
  const extraNames = Object.keys(extra);
  const schema = z
    .object({
      fullName: z.string(),
      email: z.string(),
      phoneNumber: z.string(),
      password: z.string(),
      confirmPassword: z.string(),
      terms: z.boolean(),
      ...Object.fromEntries(extraNames.map((k) => [k, z.string()])),
    })
    .superRefine((raw, ctx) => {
      const v = raw as Values;
      const texts = [v.fullName, v.email, v.phoneNumber, ...extraNames.map((k) => v[k] as string)];
      firstFailing(ctx, [
        ['fullName', texts.some(blank) || v.password === '' || v.confirmPassword === '', FILL_ALL()],
        ['confirmPassword', v.password !== v.confirmPassword, PASSWORDS_MISMATCH()],
        ['terms', !v.terms, ACCEPT_TERMS()],
        ...formatChecks(v),
        ...(extraChecks?.(v) ?? []),
      ]);
    });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Values>({
    resolver: zodResolver(schema) as unknown as Resolver<Values>,
    defaultValues: {
      fullName: '',
      email: '',
      phoneNumber: '',
      password: '',
      confirmPassword: '',
      terms: false,
      ...extra,
    } as DefaultValues<Values>,
  });

  const onSubmit = handleSubmit(async (v) => {
    try {
      await send(v);
      toast.success(translate('auth.signup.success'));
      navigateLater(loginPath, SIGNUP_REDIRECT_MS);
    } catch (err) {
      toast.error(refusalMessage(err));
    }
  });

  return (
    <section className="form-card auth-card">
      <h1>{props.title}</h1>
      <form className="form" onSubmit={onSubmit} noValidate>
        <AccountFields idPrefix={props.idPrefix} register={register}>
          {props.renderExtra?.(register)}
        </AccountFields>
        <FormAlert
          message={firstError(errors as Record<string, { message?: string }>, [
            ...ACCOUNT_ORDER,
            ...extraNames,
          ])}
        />
        <button type="submit" className="btn" disabled={props.busy || props.done}>
          {props.busy ? t('common.loading') : t('auth.signupLink')}
        </button>
      </form>
      <p className="auth-links">{props.links}</p>
    </section>
  );
}
