import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';
import { authenticate, type AuthDeps } from '../../plugins/auth.ts';

/**
 * preValidation hook for public catalogue calls: a valid token personalises the answer (owned, admin search),
 * while a missing or stale one simply means a guest, so an expired session never breaks browsing.
 */
export function viewerAuth(deps: AuthDeps) {
  return async (req: FastifyRequest) => {
    try {
      req.account = await authenticate(req, deps.db, deps.jwtSecret);
    } catch (err) {
      if (!(err instanceof AppError && err.status === 401)) throw err;
      req.account = null;
    }
  };
}
