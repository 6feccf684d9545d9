import { randomBytes } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { FORMER_STUDENT } from '@app/contract/security';
import type { AppContext } from '../context.ts';
import type { Tx } from '../db/client.ts';
import {
  accounts,
  bankAccounts,
  courseCards,
  courses,
  notifications,
  otps,
  outbox,
  progress,
  wishlist,
  type Account,
} from '../db/schema.ts';
import { auditLog, payoutAccounts, payouts, sandboxTransactions } from '../db/schema-money.ts';
import { gifts } from '../db/schema-gifts.ts';
import { certificates, quizAttempts, watchCoverage } from '../db/schema-learning.ts';
import { qaDigestItems, qaDigestSent, qaEmailOptOut } from '../db/schema-qa.ts';
import { dataExports, recoveryCodes, sessions, twoFactor } from '../db/schema-trust.ts';
import { badRequest, conflict, tooManyTries } from '../errors.ts';
import { verifyPassword } from '../lib/passwords.ts';
import { coursesNamingPerson, exportKeysOf, ownedCoursesOf } from '../queries/account-data.ts';
import { waitText } from '../services/sign-in-throttle.ts';
import { audit, type AuditOrigin } from './audit.ts';
import { streamTag } from '../cache/index.ts';

export const DELETE_MESSAGES = {
  password: 'Your password is not correct.',
  paused: (ms: number) => `Too many wrong passwords. Please wait ${waitText(ms)} and try again.`,
  ownedCourses: (n: number) =>
    `Students own ${n === 1 ? 'one of your courses' : `${n} of your courses`}, so your account cannot be deleted ` +
    'yet. Please ask an admin to transfer or archive them first; then you can delete your account.',
};

/** What a deleted person is called wherever their name showed (reviews, questions, answers, certificates). */
const FORMER: Record<Account['role'], string> = {
  user: FORMER_STUDENT,
  tutor: 'Former tutor',
  admin: 'Former admin',
};

/** Replaces `needle` in a text or JSON column of the rows that contain it (messages about the person). */
const scrub = async (tx: Tx, table: string, column: string, needle: string, by: string, json = false) => {
  if (needle.length < 5) return;
  const col = sql.identifier(column);
  const value = json
    ? sql`replace(${col}::text, ${needle}, ${by})::jsonb`
    : sql`replace(${col}, ${needle}, ${by})`;
  await tx.execute(
    sql`update ${sql.identifier(table)} set ${col} = ${value} where strpos(${col}${json ? sql`::text` : sql``}, ${needle}) > 0`,
  );
};

/**
 * `POST /account/delete {password}`: erases or anonymises the caller's personal data at once (NDPA 2023). Orders,
 * ledger lines, refunds and payouts stay for accounting with the person anonymised; reviews, questions and answers
 * stay under 'Former student'; certificates are revoked; every session ends. A tutor whose courses students own is
 * refused (409) until an admin has transferred or archived them. Audited in the same transaction.
 */
export async function deleteAccount(
  ctx: Pick<AppContext, 'db' | 'config' | 'signIn' | 'storage' | 'log' | 'cache' | 'liveStreams'>,
  account: Account,
  password: string,
  origin: AuditOrigin,
): Promise<void> {
  const key = `delete:account:${account.id}`;
  const wait = await ctx.signIn.waitFor(key);
  if (wait) return tooManyTries(DELETE_MESSAGES.paused(wait), wait);
  if (!(await verifyPassword(account.passwordHash, password))) {
    await ctx.signIn.fail(key);
    return badRequest(DELETE_MESSAGES.password);
  }
  await ctx.signIn.succeed(key);
  if (account.role === 'tutor') {
    const owned = await ownedCoursesOf(ctx.db, account.id);
    if (owned.length) return conflict(DELETE_MESSAGES.ownedCourses(owned.length));
  }
  const exportKeys = await exportKeysOf(ctx.db, account.id);
  const namedIn = await coursesNamingPerson(ctx.db, account.id);
  const former = FORMER[account.role];
  const { email, fullName, phoneNumber } = account;
  const tutorCourseIds = await ctx.db.transaction(async (tx) => {
    const id = account.id;
    // Accounting keeps the rows; nothing in them names the person any more.
    await tx
      .update(accounts)
      .set({
        fullName: former,
        email: `deleted-${id}@deleted.invalid`,
        userName: `deleted-${id}`,
        phoneNumber: '',
        passwordHash: `!deleted:${randomBytes(16).toString('hex')}`,
        gender: null,
        age: null,
        category: null,
        certificateUrl: null,
        tokenVersion: sql`${accounts.tokenVersion} + 1`,
        deletedAt: sql`now()`,
      })
      .where(eq(accounts.id, id));
    await tx
      .update(sandboxTransactions)
      .set({ email: `deleted-${id}@deleted.invalid` })
      .where(eq(sandboxTransactions.email, email));
    await tx.update(payouts).set({ accountName: former }).where(eq(payouts.tutorId, id));
    // Gifts keep their accounting; the person's message, and their address as a recipient, go.
    await tx.update(gifts).set({ message: '' }).where(eq(gifts.buyerId, id));
    await tx
      .update(gifts)
      .set({ recipientName: former, recipientEmail: `deleted-${id}@deleted.invalid` })
      .where(eq(gifts.recipientEmail, email));
    await tx
      .update(gifts)
      .set({ passedOnFrom: `deleted-${id}@deleted.invalid` })
      .where(eq(gifts.passedOnFrom, email));
    await tx
      .update(certificates)
      .set({
        status: 'revoked',
        revokedAt: sql`coalesce(${certificates.revokedAt}, now())`,
        studentName: former,
      })
      .where(eq(certificates.studentId, id));
    // Erased: what only served the person.
    for (const [table, column] of [
      [sessions, sessions.accountId],
      [twoFactor, twoFactor.accountId],
      [recoveryCodes, recoveryCodes.accountId],
      [dataExports, dataExports.accountId],
      [bankAccounts, bankAccounts.accountId],
      [payoutAccounts, payoutAccounts.tutorId],
      [notifications, notifications.accountId],
      [wishlist, wishlist.studentId],
      [progress, progress.studentId],
      [watchCoverage, watchCoverage.studentId],
      [quizAttempts, quizAttempts.studentId],
      [qaDigestItems, qaDigestItems.accountId],
      [qaDigestSent, qaDigestSent.accountId],
      [qaEmailOptOut, qaEmailOptOut.accountId],
    ] as const) {
      await tx.delete(table).where(eq(column, id));
    }
    await tx.delete(otps).where(eq(otps.email, email));
    await tx.delete(outbox).where(eq(outbox.to, email));
    // The audit keeps who did what, without where from.
    await tx.update(auditLog).set({ ip: null, userAgent: null }).where(eq(auditLog.actorId, id));
    // Messages to others that named the person (a tutor's "Ada Obi bought…", an emailed copy).
    for (const needle of [fullName, email, phoneNumber]) {
      await scrub(tx, 'notifications', 'message', needle, former);
      await scrub(tx, 'notifications', 'message_values', needle, former, true);
      await scrub(tx, 'outbox', 'subject', needle, former);
      await scrub(tx, 'outbox', 'body', needle, former);
      await scrub(tx, 'qa_digest_items', 'line', needle, former);
      await scrub(tx, 'audit_log', 'details', needle, former, true);
      await scrub(tx, 'jobs', 'payload', needle, former, true);
    }
    // A tutor's courses nobody owns: withdrawn, their search text and cards no longer naming the tutor.
    const withdrawn = await tx
      .update(courses)
      .set({
        deletedAt: sql`coalesce(${courses.deletedAt}, now())`,
        searchText: sql`lower(${courses.title})`,
      })
      .where(eq(courses.tutorId, id))
      .returning({ id: courses.id });
    const courseIds = withdrawn.map((c) => c.id);
    if (courseIds.length) await tx.delete(courseCards).where(inArray(courseCards.courseId, courseIds));
    await audit(
      tx,
      { actor: { id, role: account.role }, action: 'account.delete', subjectType: 'account', subjectId: id },
      stripWhere(origin),
    );
    return courseIds;
  });
  // Its streams get no key again, on any instance.
  await ctx.liveStreams.drop([streamTag.account(account.id)]);
  for (const k of exportKeys)
    await ctx.storage
      .delete(k)
      .catch((err: unknown) => ctx.log.warn({ err, key: k }, 'could not delete an export'));
  if (tutorCourseIds.length) await ctx.cache.invalidateTutor(tutorCourseIds);
  for (const courseId of namedIn) await ctx.cache.invalidateCourse(courseId);
}

/** The deletion's own audit entry keeps no address of the person either. */
const stripWhere = (origin: AuditOrigin): AuditOrigin => ({ ...origin, ip: null, userAgent: null });
