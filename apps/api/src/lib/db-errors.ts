/** The error and its causes (Drizzle wraps the driver's error), outermost first. */
function* chain(err: unknown): Generator<{ code?: unknown; message?: unknown }> {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    yield e as { code?: unknown; message?: unknown };
  }
}

/** True when a database error (PostgreSQL or PGlite, possibly wrapped by Drizzle) is a unique-index violation. */
export function isUniqueViolation(err: unknown): boolean {
  for (const e of chain(err)) if (e.code === '23505') return true;
  return false;
}

/**
 * True when PostgreSQL refused a value it cannot store (SQLSTATE class 22, data exception: a number out of an
 * integer column's range, a NUL byte in text, a string too long). The contract's schemas refuse these first;
 * this is the safety net that keeps one a 400, never a 500.
 */
export function isBadValue(err: unknown): boolean {
  for (const e of chain(err)) if (typeof e.code === 'string' && /^22[0-9A-Z]{3}$/.test(e.code)) return true;
  return false;
}

/** Seconds a client (or load balancer) is told to wait before asking again while the database is away (503). */
export const RETRY_AFTER_SECONDS = 5;

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const UNAVAILABLE_MESSAGE =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|the database system is (starting up|shutting down|in recovery mode)|terminating connection due to administrator command|Query read timeout|PGlite is closed/i;

/**
 * True when the database cannot be reached or stopped answering (refused or dropped connection, server
 * shutting down or starting, a wait beyond DB_TIMEOUT_MS): the call may work a moment later, so it is a 503.
 */
export function isDbUnavailable(err: unknown): boolean {
  for (const e of chain(err)) {
    if (e instanceof DbTimeoutError) return true;
    const code = typeof e.code === 'string' ? e.code : '';
    // 08: connection exception; 57P01-57P03: admin shutdown, crash shutdown, cannot connect now; 53300: too many connections.
    if (UNAVAILABLE_CODES.has(code) || code.startsWith('08') || /^57P0[1-3]$/.test(code) || code === '53300')
      return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGE.test(e.message)) return true;
  }
  return false;
}

export class DbTimeoutError extends Error {
  constructor(ms: number) {
    super(`The database did not answer within ${ms} ms`);
  }
}

/** Rejects with DbTimeoutError when `work` has not settled within `ms`. */
export async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DbTimeoutError(ms)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
