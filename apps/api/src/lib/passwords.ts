import argon2 from 'argon2';

// OWASP's recommended argon2id parameters (19 MiB, 2 passes, 1 lane): strong, and cheap enough for a 2-core server.
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password with argon2id. */
export const hashPassword = (password: string) => argon2.hash(password, OPTIONS);
/** Checks a password against a stored argon2 hash (whatever parameters it was made with). */
export const verifyPassword = (hash: string, password: string) =>
  argon2.verify(hash, password).catch(() => false);
