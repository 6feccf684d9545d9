import type { z } from 'zod';
import { ZAge, ZCertificateUrl, ZEmail, ZPassword, ZPhone } from '@app/contract/accounts';
import { t } from '@/lib/i18n/index.ts';

/** Spec §9: sign-up goes to the login after 2 s. */
export const SIGNUP_REDIRECT_MS = 2000;

/** The forms' own messages, in the active language when a form is checked. */
export const FILL_ALL = () => t('auth.form.fillAll');
export const PASSWORDS_MISMATCH = () => t('auth.form.passwordsMismatch');
export const ACCEPT_TERMS = () => t('auth.form.acceptTerms');

export type Check = [field: string, failed: boolean, message: string];

/**
 * Adds only the first failing check as an issue on its field, so a form shows one message at a time in the
 * order of spec §5 (missing fields, then mismatched passwords, then terms, then formats).
 */
export function firstFailing(ctx: z.RefinementCtx, checks: Check[]) {
  const failed = checks.find(([, f]) => f);
  if (failed) ctx.addIssue({ code: 'custom', path: [failed[0]], message: failed[2] });
}

/** A field checked by the contract's own schema, so the form and the server share one rule and one message. */
export function contractCheck(field: string, schema: z.ZodType, value: unknown): Check {
  const result = schema.safeParse(value);
  return [
    field,
    !result.success,
    result.success ? '' : (result.error.issues[0]?.message ?? t('auth.form.invalid')),
  ];
}

/** The format checks shared by both sign-up forms. */
export function formatChecks(v: { email: string; phoneNumber: string; password: string }): Check[] {
  return [
    contractCheck('email', ZEmail, v.email),
    contractCheck('phoneNumber', ZPhone, v.phoneNumber),
    contractCheck('password', ZPassword, v.password),
  ];
}

/** The tutor's extra format checks. */
export function tutorFormatChecks(v: { age: string; certificateUrl: string }): Check[] {
  return [
    contractCheck('age', ZAge, v.age),
    contractCheck('certificateUrl', ZCertificateUrl, v.certificateUrl),
  ];
}

export const blank = (s: string) => s.trim() === '';
