import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { accounts } from '../db/schema.ts';
import { hashPassword, verifyPassword } from '../lib/passwords.ts';

/**
 * Makes sure an admin account exists for ADMIN_EMAIL. Returns the password only when it was generated now
 * (so it can be printed once); an existing admin keeps its password unless ADMIN_PASSWORD is set.
 */
export async function ensureAdmin(
  db: Db,
  config: Config,
): Promise<{ email: string; generatedPassword?: string }> {
  const email = config.adminEmail;
  const [existing] = await db
    .select({ id: accounts.id, passwordHash: accounts.passwordHash })
    .from(accounts)
    .where(and(eq(accounts.role, 'admin'), eq(accounts.email, email)))
    .limit(1);
  if (existing) {
    // ADMIN_PASSWORD wins at each start; when it changes the admin's password, older admin tokens stop working.
    if (config.adminPassword && !(await verifyPassword(existing.passwordHash, config.adminPassword))) {
      await db
        .update(accounts)
        .set({
          passwordHash: await hashPassword(config.adminPassword),
          tokenVersion: sql`${accounts.tokenVersion} + 1`,
        })
        .where(eq(accounts.id, existing.id));
    }
    return { email };
  }
  const password = config.adminPassword ?? randomBytes(12).toString('base64url');
  await db.insert(accounts).values({
    role: 'admin',
    fullName: 'Administrator',
    email,
    userName: email,
    passwordHash: await hashPassword(password),
  });
  return { email, generatedPassword: config.adminPassword ? undefined : password };
}
