import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { accounts } from '../db/schema.ts';
import { hashPassword, verifyPassword } from '../lib/passwords.ts';
import { accountByRoleEmail } from '../queries/accounts.ts';
import { endSessions } from './sessions.ts';

export type AdminLogin = { email: string; generatedPassword?: string; rememberedPassword?: string };

/**
 * Makes sure an admin account exists for ADMIN_EMAIL. A generated password is returned when made now, and kept in
 * DATA_DIR/admin-password so later starts can print it again (`rememberedPassword`) until the admin changes it.
 * An existing admin keeps its password unless ADMIN_PASSWORD is set.
 */
export const ensureAdmin = async (db: Db, config: Config): Promise<AdminLogin> =>
  (await prepareAdmin(db, config))();

/**
 * ensureAdmin in two steps: the account is made (or given ADMIN_PASSWORD) now, and what to print is found by the
 * function it resolves to. On a later start that is where the remembered password is checked (argon2, ~0.1 s):
 * `main` calls it after the server listens, off the start-up path.
 */
export async function prepareAdmin(db: Db, config: Config): Promise<() => Promise<AdminLogin>> {
  const email = config.adminEmail;
  const file = path.join(config.dataDir, 'admin-password');
  const existing = await accountByRoleEmail(db, 'admin', email);
  if (existing) {
    // ADMIN_PASSWORD wins at each start; when it changes the admin's password, older admin tokens stop working.
    if (config.adminPassword && !(await verifyPassword(existing.passwordHash, config.adminPassword))) {
      const passwordHash = await hashPassword(config.adminPassword);
      await db.transaction(async (tx) => {
        await tx.update(accounts).set({ passwordHash }).where(eq(accounts.id, existing.id));
        await endSessions(tx, existing.id);
      });
    }
    if (config.adminPassword || !existsSync(file)) return async () => ({ email });
    return async () => {
      const remembered = readFileSync(file, 'utf8').trim();
      if (await verifyPassword(existing.passwordHash, remembered))
        return { email, rememberedPassword: remembered };
      rmSync(file, { force: true }); // the admin has chosen another password since
      return { email };
    };
  }
  const password = config.adminPassword ?? randomBytes(12).toString('base64url');
  await db.insert(accounts).values({
    role: 'admin',
    fullName: 'Administrator',
    email,
    userName: email,
    passwordHash: await hashPassword(password),
  });
  if (config.adminPassword) return async () => ({ email });
  mkdirSync(config.dataDir, { recursive: true });
  writeFileSync(file, password, { mode: 0o600 });
  return async () => ({ email, generatedPassword: password });
}
