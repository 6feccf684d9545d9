import type { FastifyReply, FastifyRequest } from 'fastify';
import { jwtVerify } from 'jose';
import type { TRole } from '@app/contract/common';
import type { Db } from '../db/client.ts';
import type { Account } from '../db/schema.ts';
import { forbidden, unauthorized } from '../errors.ts';
import { accountById } from '../queries/accounts.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in account, set by `requireRole` or `optionalAuth`. */
    account: Account | null;
  }
}

function tokenFrom(req: FastifyRequest): string | undefined {
  const apiKey = req.headers['apikey'];
  if (typeof apiKey === 'string' && apiKey.trim()) return apiKey.trim();
  const auth = req.headers.authorization;
  if (auth?.startsWith('Bearer ')) return auth.slice(7).trim() || undefined;
  return undefined;
}

/** Resolves the caller's account from its token; null when no token was sent. Throws 401 for a bad token. */
export async function authenticate(req: FastifyRequest, db: Db, secret: string): Promise<Account | null> {
  const token = tokenFrom(req);
  if (!token) return null;
  let sub: string | undefined;
  let tv: unknown;
  let role: unknown;
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), { algorithms: ['HS256'] });
    ({ sub, tv, role } = payload as { sub?: string; tv?: unknown; role?: unknown });
  } catch {
    return unauthorized();
  }
  const id = Number(sub);
  if (!Number.isInteger(id)) return unauthorized();
  const account = await accountById(db, id);
  if (!account || account.tokenVersion !== tv || account.role !== role) return unauthorized();
  return account;
}

export type AuthDeps = { db: Db; jwtSecret: string };

/** preValidation hook (before the body is validated, so 401/403 come before 400): the caller must be logged in with one of `roles`. */
export function requireRole(deps: AuthDeps, ...roles: TRole[]) {
  return async (req: FastifyRequest, _reply: FastifyReply) => {
    const account = await authenticate(req, deps.db, deps.jwtSecret);
    if (!account) return unauthorized('You need to login. Send your token in the apiKey header.');
    if (!roles.includes(account.role)) return forbidden();
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
