import { createHmac, randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import { RECOVERY_CODE_COUNT } from '@app/contract/security';
import { seal, unseal } from './sealed.ts';

/** RFC 6238 with what every authenticator app expects: SHA-1, 6 digits, 30-second steps. */
export const TOTP_PERIOD_SECONDS = 30;

/** The clock codes are checked against (tests fix it). */
export const totpClock = { now: (): number => Date.now() };

export const newTotpSecret = (): string => generateSecret();

/** The `otpauth://` URI an authenticator app reads from the QR code. */
export const otpauthUri = (secret: string, label: string) =>
  generateURI({ issuer: 'DevLearn', label, secret });

/**
 * The time step a 6-digit code matches, one step either side of now (a phone's clock may be 30 s off), and only
 * after `afterStep` (a code once accepted is never accepted again); null when it matches none.
 */
export async function matchTotp(
  secret: string,
  code: string,
  afterStep: number | null,
): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(totpClock.now() / 1000),
    epochTolerance: TOTP_PERIOD_SECONDS,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  return result.valid ? (result as { timeStep: number }).timeStep : null;
}

/** A two-factor secret, encrypted at rest (lib/sealed.ts). */
export const sealSecret = (appSecret: string, secret: string): string =>
  seal(appSecret, 'totp-secret', secret);

export const openSecret = (appSecret: string, sealed: string): string =>
  unseal(appSecret, 'totp-secret', sealed);

// No 0/o, 1/l/i: codes are read off paper.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten fresh recovery codes, `xxxxx-xxxxx` (about 49 bits each). */
export function newRecoveryCodes(): string[] {
  const part = () =>
    Array.from({ length: 5 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => `${part()}-${part()}`);
}

/** How a typed recovery code is compared: any case, spaces and dashes ignored. */
export const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

/** A recovery code's stored form: a keyed hash, bound to the account. */
export const hashRecoveryCode = (appSecret: string, accountId: number, code: string) =>
  createHmac('sha256', appSecret)
    .update(`recovery:${accountId}:${normaliseRecoveryCode(code)}`)
    .digest('hex');
