import type { FastifyReply, FastifyRequest } from 'fastify';
import { jwtVerify } from 'jose';
import type { TRole } from '@app/contract/common';
import { OP_ROUTES } from '@app/contract/operation-routes';
import { API_BASE } from '@app/contract/endpoints';
import type { Db } from '../db/client.ts';
import type { Account } from '../db/schema.ts';
import { LAST_SEEN_EVERY_MS, touchSession } from '../commands/sessions.ts';
import { forbidden, unauthorized } from '../errors.ts';
import { authRow } from '../queries/sessions.ts';
import { checkedTokenMemo } from '../lib/checked-tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in account, set by `requireRole` or `optionalAuth`. */
    account: Account | null;
  }
}

/** What the token told about the caller beyond the account: its session, and whether two-factor sign-in is on. */
type Signed = { sessionId: string | null; twoFactorOn: boolean };
const signedIn = new WeakMap<FastifyRequest, Signed>();

function tokenFrom(req: FastifyRequest): string | undefined {
  const apiKey = req.headers['apikey'];
  if (typeof apiKey === 'string' && apiKey.trim()) return apiKey.trim();
  const auth = req.headers.authorization;
  if (auth?.startsWith('Bearer ')) return auth.slice(7).trim() || undefined;
  return undefined;
}

/**
 * Resolves the caller's account from its token; null when no token was sent. Throws 401 for a bad token.
 *
 * A token with a session (`sid`) works while that session is not revoked: the session is read with the account in
 * the same statement, on every call, so a revocation holds at once on every instance. A token without one (signed
 * before sessions existed, at most an hour old) works while the account's token version matches.
 */
export async function authenticate(req: FastifyRequest, db: Db, secret: string): Promise<Account | null> {
  const claims = await tokenClaims(req, secret);
  if (!claims) return null;
  const { id, sid } = claims;
  const row = await authRow(db, id, sid);
  if (!row || row.account.role !== claims.role || row.account.deletedAt) return unauthorized();
  if (sid) {
    if (!row.session || row.session.revokedAt) return unauthorized();
    if (Date.now() - row.session.lastSeenAt.getTime() > LAST_SEEN_EVERY_MS) {
      await touchSession(db, sid).catch((err: unknown) =>
        req.log.warn({ err }, 'could not note the session as seen'),
      );
    }
  } else if (row.account.tokenVersion !== claims.tokenVersion) {
    return unauthorized();
  }
  signedIn.set(req, { sessionId: sid, twoFactorOn: row.twoFactorOn });
  return row.account;
}

/** What a caller's token says, its signature checked: the account, its role, the session, the token version. */
export type TokenClaims = { id: number; role: unknown; sid: string | null; tokenVersion: unknown };

/**
 * The claims of the caller's token, its signature checked, without reading the database (the caller checks the
 * session and the account: `authenticate`, or a route that reads them with its own row); null when no token was
 * sent. Throws 401 for a bad token, or a sign-in challenge (signed with the same secret, but no token).
 */
export async function tokenClaims(req: FastifyRequest, secret: string): Promise<TokenClaims | null> {
  const token = tokenFrom(req);
  if (!token) return null;
  return (await verifyToken(token, secret)).claims;
}

/**
 * The tokens whose signature was checked, by secret and then by the token itself (the last 10,000), with their claims
 * and `exp`: a caller's token is taken again while its `exp` has not passed, since checking an HS256 signature
 * (~0.1 ms) is a third of a cheap answer's cost (a player's key: its start checked the same token just before). A
 * token is remembered only under the secret that checked it, and only with an `exp`.
 */
const checkedTokens = checkedTokenMemo<{ claims: TokenClaims; exp: number }>(10_000);

/** A token's claims, its signature and expiry checked (remembered until its expiry once checked). */
async function verifyToken(token: string, secret: string): Promise<{ claims: TokenClaims }> {
  const checked = checkedTokens(secret);
  const seen = checked.get(token);
  if (seen && seen.exp > Date.now() / 1000) return seen;
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(token, new TextEncoder().encode(secret), { algorithms: ['HS256'] }));
  } catch {
    return unauthorized();
  }
  const id = Number(payload.sub);
  if (!Number.isInteger(id) || payload.purpose !== undefined) return unauthorized();
  const sid = typeof payload.sid === 'string' ? payload.sid : null;
  const claims = Object.freeze({ id, role: payload.role, sid, tokenVersion: payload.tv });
  if (typeof payload.exp === 'number') checked.set(token, { claims, exp: payload.exp });
  return { claims };
}

export type AuthDeps = { db: Db; jwtSecret: string };

/** The calls an admin may make before turning on two-factor sign-in when REQUIRE_ADMIN_2FA is set. */
const BEFORE_TWO_FACTOR = new Set(
  (['twoFactorStatus', 'twoFactorSetup', 'twoFactorEnable', 'adminId'] as const).map(
    (name) => API_BASE + OP_ROUTES[name].path,
  ),
);
export const TWO_FACTOR_REQUIRED_MESSAGE =
  'Turn on two-factor sign-in first: admin accounts must use it before they can do anything else.';

/** Whether this admin must enrol in two-factor sign-in before anything else (REQUIRE_ADMIN_2FA). */
export function mustEnrolTwoFactor(req: FastifyRequest, account: Account): boolean {
  const required = req.server.ctx?.config.requireAdmin2fa ?? false;
  return required && account.role === 'admin' && !signedIn.get(req)?.twoFactorOn;
}

/** preValidation hook (before the body is validated, so 401/403 come before 400): the caller must be logged in with one of `roles`. */
export function requireRole(deps: AuthDeps, ...roles: TRole[]) {
  return async (req: FastifyRequest, _reply: FastifyReply) => {
    const account = await authenticate(req, deps.db, deps.jwtSecret);
    if (!account) return unauthorized('You need to login. Send your token in the apiKey header.');
    if (!roles.includes(account.role)) return forbidden();
    if (mustEnrolTwoFactor(req, account) && !BEFORE_TWO_FACTOR.has(req.routeOptions.url ?? '')) {
      return forbidden(TWO_FACTOR_REQUIRED_MESSAGE);
    }
    req.account = account;
  };
}

/** preValidation hook (before the body is validated, so 401/403 come before 400): the caller may be a guest; a token, when sent, must be valid. */
export function optionalAuth(deps: AuthDeps) {
  return async (req: FastifyRequest, _reply: FastifyReply) => {
    req.account = await authenticate(req, deps.db, deps.jwtSecret);
  };
}

/** The logged-in account inside a handler guarded by `requireRole`. */
export function currentAccount(req: FastifyRequest): Account {
  return req.account ?? unauthorized();
}

/** The session of the caller's token (null for a token signed before sessions existed). */
export function currentSessionId(req: FastifyRequest): string | null {
  return signedIn.get(req)?.sessionId ?? null;
}

/** Whether the caller has two-factor sign-in on. */
export function callerHasTwoFactor(req: FastifyRequest): boolean {
  return signedIn.get(req)?.twoFactorOn ?? false;
}
