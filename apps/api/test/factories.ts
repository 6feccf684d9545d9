import { randomUUID } from 'node:crypto';
import { beforeAll } from 'vitest';
import { accounts } from '../src/db/schema.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { signToken } from '../src/lib/tokens.ts';
import { standIn, type TestApp } from './harness.ts';

export type TestAccount = {
  id: number;
  role: 'user' | 'tutor' | 'admin';
  email: string;
  password: string;
  fullName: string;
  token: string;
};

const PASSWORD = 'Passw0rd!23';
let cachedHash: Promise<string> | undefined;

/** Inserts an account straight into the database and mints its token: fast, and independent of the sign-up routes. */
export async function buildAccount(
  t: TestApp,
  role: TestAccount['role'],
  over: Partial<typeof accounts.$inferInsert> = {},
): Promise<TestAccount> {
  const email = over.email ?? `${role}-${randomUUID().slice(0, 8)}@example.com`;
  const fullName =
    over.fullName ??
    `${role === 'user' ? 'Ada Student' : role === 'tutor' ? 'Tunde Tutor' : 'Amaka Admin'} ${randomUUID().slice(0, 4)}`;
  const passwordHash = await (cachedHash ??= hashPassword(PASSWORD));
  const [row] = await t.ctx.db
    .insert(accounts)
    .values({
      role,
      fullName,
      email,
      userName: email,
      phoneNumber: '08012345678',
      passwordHash,
      ...(role === 'tutor'
        ? {
            gender: 'Female',
            age: 30,
            category: 'Website development',
            certificateUrl: 'https://example.com/cert.pdf',
          }
        : {}),
      ...over,
    })
    .returning();
  const { token } = await signToken(t.config.jwtSecret, row!);
  return { id: row!.id, role, email, password: PASSWORD, fullName, token };
}

export const buildStudent = (t: TestApp, over?: Partial<typeof accounts.$inferInsert>) =>
  buildAccount(t, 'user', over);
export const buildTutor = (t: TestApp, over?: Partial<typeof accounts.$inferInsert>) =>
  buildAccount(t, 'tutor', over);
export const buildAdmin = (t: TestApp, over?: Partial<typeof accounts.$inferInsert>) =>
  buildAccount(t, 'admin', over);

/**
 * Accounts of the given roles, built in a `beforeAll` registered after the app's (hooks run in order), as
 * stand-ins the tests use like the accounts themselves: `const [tutor, admin] = useAccounts(t, 'tutor', 'admin')`.
 */
export function useAccounts<R extends TestAccount['role'][]>(
  t: TestApp,
  ...roles: R
): { [K in keyof R]: TestAccount } {
  const made = roles.map((role) => standIn<TestAccount>(`the ${role} account`));
  beforeAll(async () => {
    for (const [i, role] of roles.entries()) made[i]!.set(await buildAccount(t, role));
  });
  return made.map((m) => m.value) as never;
}
