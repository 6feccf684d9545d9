import { jwtVerify, SignJWT } from 'jose';
import type { TRole } from '@app/contract/common';

export const TOKEN_TTL_SECONDS = 60 * 60;
/** How long the step between the password and the two-factor code may take. */
export const CHALLENGE_TTL_SECONDS = 5 * 60;

const key = (secret: string) => new TextEncoder().encode(secret);

/**
 * Signs a one-hour token carrying the account id, role and token version, and the id of its session (`sid`):
 * the auth hook refuses it once that session is revoked.
 */
export async function signToken(
  secret: string,
  account: { id: number; role: TRole; tokenVersion: number },
  sessionId?: string,
) {
  const exp = Math.floor(Date.now() / 1000) + TOKEN_TTL_SECONDS;
  const token = await new SignJWT({
    role: account.role,
    tv: account.tokenVersion,
    ...(sessionId ? { sid: sessionId } : {}),
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(account.id))
    .setIssuedAt()
    .setExpirationTime(exp)
    .sign(key(secret));
  return { token, exp };
}

/** A sign-in challenge: the password was right, the two-factor code comes next. Not a token (no `tv`/`sid`). */
export async function signChallenge(
  secret: string,
  account: { id: number; role: TRole; tokenVersion: number },
) {
  return new SignJWT({ purpose: '2fa', role: account.role, cv: account.tokenVersion })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(account.id))
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + CHALLENGE_TTL_SECONDS)
    .sign(key(secret));
}

/** The account a challenge names, or null when it is forged, expired or not a challenge. */
export async function readChallenge(
  secret: string,
  challenge: string,
): Promise<{ accountId: number; role: string; tokenVersion: number } | null> {
  try {
    const { payload } = await jwtVerify(challenge, key(secret), { algorithms: ['HS256'] });
    const id = Number(payload.sub);
    if (payload.purpose !== '2fa' || !Number.isInteger(id) || typeof payload.cv !== 'number') return null;
    return { accountId: id, role: String(payload.role), tokenVersion: payload.cv };
  } catch {
    return null;
  }
}
