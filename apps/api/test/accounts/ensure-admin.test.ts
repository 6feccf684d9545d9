import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { ensureAdmin } from '../../src/commands/ensure-admin.ts';
import { accounts } from '../../src/db/schema.ts';
import { useTestApp } from '../harness.ts';
import { message, signedIn, watchAnswers } from './helpers.ts';

describe('the admin account made at start (ensureAdmin)', () => {
  const t = useTestApp({}, watchAnswers);

  const login = (userName: string, password: string) => t.op('loginAdmin', { body: { userName, password } });

  it('creates the admin with a generated password that is returned once, and logs in with it', async () => {
    const email = `admin-${randomUUID().slice(0, 8)}@example.com`;
    const first = await ensureAdmin(t.ctx.db, { ...t.config, adminEmail: email, adminPassword: undefined });
    expect(first.generatedPassword).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect((await login(email, first.generatedPassword!)).status).toBe(200);
    const again = await ensureAdmin(t.ctx.db, { ...t.config, adminEmail: email, adminPassword: undefined });
    expect(again.generatedPassword).toBeUndefined();
    // Later starts print it again from the data directory, while it is still the admin's password.
    expect(again.rememberedPassword).toBe(first.generatedPassword);
    expect((await login(email, first.generatedPassword!)).status).toBe(200);
    await t.ctx.db
      .update(accounts)
      .set({ passwordHash: '$argon2id$v=19$m=65536,t=3,p=4$changed$changed' })
      .where(eq(accounts.email, email));
    const afterChange = await ensureAdmin(t.ctx.db, {
      ...t.config,
      adminEmail: email,
      adminPassword: undefined,
    });
    expect(afterChange.rememberedPassword).toBeUndefined();
  });

  it('applies ADMIN_PASSWORD at start; a changed value ends older admin sessions, the same value does not', async () => {
    const email = `admin-${randomUUID().slice(0, 8)}@example.com`;
    const config = { ...t.config, adminEmail: email, adminPassword: 'FirstAdminPass1!' };
    await ensureAdmin(t.ctx.db, config);
    const { body } = await login(email, 'FirstAdminPass1!');
    await ensureAdmin(t.ctx.db, config);
    expect((await t.op('adminId', { token: signedIn(body).token })).status).toBe(200);

    await ensureAdmin(t.ctx.db, { ...config, adminPassword: 'SecondAdminPass2!' });
    expect((await t.op('adminId', { token: signedIn(body).token })).status).toBe(401);
    expect(message(await login(email, 'FirstAdminPass1!'))).toBe('Invalid email or password');
    expect((await login(email, 'SecondAdminPass2!')).status).toBe(200);
    const rows = await t.ctx.db.select().from(accounts).where(eq(accounts.email, email));
    expect(rows).toHaveLength(1);
  });
});
