import { SignJWT } from 'jose';
import type { TRole } from '@app/contract/common';

export const TOKEN_TTL_SECONDS = 60 * 60;

/** Signs a one-hour token carrying the account id, role and token version. */
export async function signToken(secret: string, account: { id: number; role: TRole; tokenVersion: number }) {
  const exp = Math.floor(Date.now() / 1000) + TOKEN_TTL_SECONDS;
  const token = await new SignJWT({ role: account.role, tv: account.tokenVersion })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(account.id))
    .setIssuedAt()
    .setExpirationTime(exp)
    .sign(new TextEncoder().encode(secret));
  return { token, exp };
}
