import { eq } from 'drizzle-orm';
import type { TStaffUpdateRequest, TUserUpdateRequest } from '@app/contract/accounts';
import type { Locale } from '@app/contract/locales';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { accounts, bankAccounts, type Account } from '../db/schema.ts';
import { conflict } from '../errors.ts';
import { isUniqueViolation } from '../lib/db-errors.ts';
import { assertUserNameAllowed } from '../policies/account.ts';
import { loginTaken } from '../queries/accounts.ts';
import { refreshTutorSearchText } from './refresh-search-text.ts';

const EMAIL_TAKEN = 'Another student account already uses this email.';
const USER_NAME_TAKEN = 'This user name is already taken. Please choose another one.';

/** True when another account of the same role logs in with `login` (as its email or its user name). */
const loginTakenByOther = (db: Db, me: Account, login: string): Promise<boolean> =>
  loginTaken(db, me.role, login.toLowerCase(), me.id);

/** Saves a student's name, phone, email and user name; 409 when the email or user name belongs to someone else. */
export async function updateStudentProfile(db: Db, me: Account, input: TUserUpdateRequest): Promise<Account> {
  const email = input.email;
  // A user name that was the old email follows the email (the web client sends back what it stored at login).
  const followsEmail = !input.userName || input.userName.toLowerCase() === me.email;
  const userName =
    followsEmail && me.userName.toLowerCase() === me.email ? email : (input.userName ?? me.userName);
  assertUserNameAllowed(userName, email);
  if (email !== me.email && (await loginTakenByOther(db, me, email))) return conflict(EMAIL_TAKEN);
  if (userName.toLowerCase() !== email && (await loginTakenByOther(db, me, userName))) {
    return conflict(USER_NAME_TAKEN);
  }
  try {
    const [row] = await db
      .update(accounts)
      .set({ fullName: input.fullName, phoneNumber: input.phoneNumber, email, userName })
      .where(eq(accounts.id, me.id))
      .returning();
    return row!;
  } catch (err) {
    if (isUniqueViolation(err))
      return conflict('This email or user name is already used by another student account.');
    throw err;
  }
}

/** Saves a tutor's name, gender and age, and replaces its bank accounts with the given list, all at once. */
export async function updateTutorSettings(
  ctx: Pick<AppContext, 'db' | 'cache'>,
  me: Account,
  input: TStaffUpdateRequest,
) {
  const saved = await ctx.db.transaction(async (tx) => {
    const [account] = await tx
      .update(accounts)
      .set({ fullName: input.fullName, gender: input.gender, age: input.age })
      .where(eq(accounts.id, me.id))
      .returning();
    // Search matches on the author's name, so a renamed tutor's courses must be found by the new name.
    const renamed = account!.fullName !== me.fullName ? await refreshTutorSearchText(tx, me.id) : null;
    await tx.delete(bankAccounts).where(eq(bankAccounts.accountId, me.id));
    const banks = input.accountDetailDtoList.length
      ? await tx
          .insert(bankAccounts)
          .values(input.accountDetailDtoList.map((b) => ({ ...b, accountId: me.id })))
          .returning()
      : [];
    return { account: account!, banks: banks.sort((a, b) => a.id - b.id), renamed };
  });
  // The author's name is on every answer showing one of their courses.
  if (saved.renamed) await ctx.cache.invalidateTutor(saved.renamed);
  return { account: saved.account, banks: saved.banks };
}

/** Saves the app's language on an account (docs/i18n.md). */
export async function setAccountLanguage(db: Db, accountId: number, language: Locale): Promise<void> {
  await db.update(accounts).set({ language }).where(eq(accounts.id, accountId));
}
