import type { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '@app/contract/accounts';

/** Spec §9: sign-up goes to the login after 2 s. */
export const SIGNUP_REDIRECT_MS = 2000;

export const FILL_ALL = 'Please fill in all fields.';
export const PASSWORDS_MISMATCH = 'Passwords do not match.';
export const ACCEPT_TERMS = 'You must accept the terms and conditions.';

type Check = [field: string, failed: boolean, message: string];

/**
 * Adds only the first failing check as an issue on its field, so a form shows one message at a time in the
 * order of spec §5 (missing fields, then mismatched passwords, then terms, then formats).
 */
export function firstFailing(ctx: z.RefinementCtx, checks: Check[]) {
  const failed = checks.find(([, f]) => f);
  if (failed) ctx.addIssue({ code: 'custom', path: [failed[0]], message: failed[2] });
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9 ()-]{7,20}$/;

/** The format checks shared by both sign-up forms (same messages as the server's). */
export function formatChecks(v: { email: string; phoneNumber: string; password: string }): Check[] {
  return [
    ['email', !EMAIL.test(v.email.trim()), 'Enter a valid email address'],
    ['phoneNumber', !PHONE.test(v.phoneNumber.trim()), 'Enter a valid phone number'],
    [
      'password',
      v.password.length < PASSWORD_MIN_LENGTH,
      `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
    ],
  ];
}

export const blank = (s: string) => s.trim() === '';
