import { eq, sql } from 'drizzle-orm';
import type { TChangePasswordRequest } from '@app/contract/accounts';
import type { Db } from '../db/client.ts';
import { accounts, type Account } from '../db/schema.ts';
import { badRequest } from '../errors.ts';
import { hashPassword, verifyPassword } from '../lib/passwords.ts';
import { signToken } from '../lib/tokens.ts';

/**
 * Changes the caller's password after checking the old one. Every older token of the account stops working;
 * the answer is a fresh token so the caller stays logged in.
 */
export async function changePassword(
  db: Db,
  secret: string,
  account: Account,
  input: TChangePasswordRequest,
): Promise<{ token: string }> {
  if (!(await verifyPassword(account.passwordHash, input.oldPassword))) {
    return badRequest('Your old password is not correct.');
  }
  if (input.newPassword === input.oldPassword) {
    return badRequest('The new password must be different from the old password.');
  }
  const passwordHash = await hashPassword(input.newPassword);
  const [updated] = await db
    .update(accounts)
    .set({ passwordHash, tokenVersion: sql`${accounts.tokenVersion} + 1` })
    .where(eq(accounts.id, account.id))
    .returning();
  const { token } = await signToken(secret, updated!);
  return { token };
}
