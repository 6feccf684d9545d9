import type { TStaffSignupRequest, TUserSignupRequest } from '@app/contract/accounts';
import type { Db } from '../db/client.ts';
import { accounts, type Account } from '../db/schema.ts';
import { conflict } from '../errors.ts';
import { isUniqueViolation } from '../lib/db-errors.ts';
import { hashPassword } from '../lib/passwords.ts';
import { loginTaken } from '../queries/accounts.ts';

const duplicate = (role: 'user' | 'tutor') =>
  conflict(
    `A ${role === 'user' ? 'student' : 'tutor'} account with this email already exists. Please log in instead.`,
  );

async function insertAccount(
  db: Db,
  role: 'user' | 'tutor',
  input: TUserSignupRequest,
  extra: Partial<typeof accounts.$inferInsert>,
): Promise<Account> {
  // Taken when an account of `role` already logs in with the email (as its email or its user name).
  if (await loginTaken(db, role, input.email)) return duplicate(role);
  const passwordHash = await hashPassword(input.password);
  try {
    const [row] = await db
      .insert(accounts)
      .values({
        role,
        fullName: input.fullName,
        email: input.email,
        userName: input.email,
        phoneNumber: input.phoneNumber,
        passwordHash,
        ...extra,
      })
      .returning();
    return row!;
  } catch (err) {
    // Two sign-ups with the same email at once: the unique index decides, the loser gets the same 409.
    if (isUniqueViolation(err)) return duplicate(role);
    throw err;
  }
}

/** Creates a student account; its user name starts as its email. 409 when the email is taken. */
export const signUpStudent = (db: Db, input: TUserSignupRequest) => insertAccount(db, 'user', input, {});

/** Creates a tutor account with its category, gender, age and certificate. 409 when the email is taken. */
export const signUpTutor = (db: Db, input: TStaffSignupRequest) =>
  insertAccount(db, 'tutor', input, {
    category: input.category,
    gender: input.gender,
    age: input.age,
    certificateUrl: input.certificateUrl,
  });
