import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  randomInt,
} from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import { RECOVERY_CODE_COUNT } from '@app/contract/security';

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

// Secrets are encrypted at rest (AES-256-GCM) with a key derived from the app's secret: a database dump alone
// does not give anyone the codes.
const boxKey = (appSecret: string) => createHash('sha256').update(`totp-secret:${appSecret}`).digest();

export function sealSecret(appSecret: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', boxKey(appSecret), iv);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

export function openSecret(appSecret: string, sealed: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || !body) throw new Error('unreadable two-factor secret');
  const decipher = createDecipheriv('aes-256-gcm', boxKey(appSecret), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

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
