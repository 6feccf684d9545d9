import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { accounts, bankAccounts, courses, notifications, progress, reviews, wishlist } from '../db/schema.ts';
import { enrolments, orderLines, orders, payoutAccounts, refunds } from '../db/schema-money.ts';
import { certificates, quizAttempts, watchCoverage } from '../db/schema-learning.ts';
import { answers, questions } from '../db/schema-qa.ts';
import { dataExports, sessions } from '../db/schema-trust.ts';

/** The tutor's live courses that students own (a deletion waits until an admin has transferred or archived them). */
export async function ownedCoursesOf(db: Db | Tx, tutorId: number): Promise<{ id: number }[]> {
  return db
    .selectDistinct({ id: courses.id })
    .from(courses)
    .innerJoin(enrolments, eq(enrolments.courseId, courses.id))
    .where(and(eq(courses.tutorId, tutorId), isNull(courses.deletedAt)));
}

export type DataExport = typeof dataExports.$inferSelect;

/** The account's exports, newest first. */
export function exportsOf(db: Db | Tx, accountId: number): Promise<DataExport[]> {
  return db
    .select()
    .from(dataExports)
    .where(eq(dataExports.accountId, accountId))
    .orderBy(desc(dataExports.createdAt), desc(dataExports.id))
    .limit(20);
}

export async function exportById(db: Db | Tx, id: number): Promise<DataExport | undefined> {
  const [row] = await db.select().from(dataExports).where(eq(dataExports.id, id)).limit(1);
  return row;
}

/** The storage keys of the account's export files. */
export async function exportKeysOf(db: Db | Tx, accountId: number): Promise<string[]> {
  const rows = await db
    .select({ key: dataExports.storageKey })
    .from(dataExports)
    .where(and(eq(dataExports.accountId, accountId), isNotNull(dataExports.storageKey)));
  return rows.map((r) => r.key!);
}

/** Exports past their 7 days that still have a file (the cleanup deletes them). */
export function expiredExports(db: Db | Tx, now: Date) {
  return db
    .select({ id: dataExports.id, key: dataExports.storageKey })
    .from(dataExports)
    .where(and(isNotNull(dataExports.storageKey), gt(sql`${now}::timestamptz`, dataExports.expiresAt)));
}

/** An export asked for after `since` (one an hour is enough). */
export async function recentExport(db: Db | Tx, accountId: number, since: Date) {
  const [row] = await db
    .select({ id: dataExports.id, createdAt: dataExports.createdAt })
    .from(dataExports)
    .where(and(eq(dataExports.accountId, accountId), gt(dataExports.createdAt, since)))
    .limit(1);
  return row;
}

/**
 * Everything the app holds about one person, by subject, as it is stored (NDPA 2023's right of access): the data
 * export writes each as a JSON file. Secrets (password hash, two-factor secret, codes) are left out.
 */
export async function personalData(db: Db | Tx, accountId: number) {
  const [account] = await db
    .select({
      id: accounts.id,
      role: accounts.role,
      fullName: accounts.fullName,
      email: accounts.email,
      userName: accounts.userName,
      phoneNumber: accounts.phoneNumber,
      gender: accounts.gender,
      age: accounts.age,
      category: accounts.category,
      certificateUrl: accounts.certificateUrl,
      createdAt: accounts.createdAt,
    })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  const theirOrders = await db
    .select()
    .from(orders)
    .where(eq(orders.studentId, accountId))
    .orderBy(asc(orders.id));
  const orderIds = theirOrders.map((o) => o.id);
  const lines = orderIds.length
    ? await db
        .select({
          orderId: orderLines.orderId,
          courseId: orderLines.courseId,
          courseTitle: courses.title,
          priceKobo: orderLines.priceKobo,
        })
        .from(orderLines)
        .innerJoin(courses, eq(courses.id, orderLines.courseId))
        .where(inArray(orderLines.orderId, orderIds))
    : [];
  const courseTitle = { courseTitle: courses.title };
  return {
    profile: {
      ...account,
      bankAccounts: await db
        .select({
          accountName: bankAccounts.accountName,
          accountNumber: bankAccounts.accountNumber,
          bankName: bankAccounts.bankName,
          currency: bankAccounts.currency,
        })
        .from(bankAccounts)
        .where(eq(bankAccounts.accountId, accountId)),
      payoutAccount:
        (
          await db
            .select({
              bankName: payoutAccounts.bankName,
              accountNumber: payoutAccounts.accountNumber,
              accountName: payoutAccounts.accountName,
              updatedAt: payoutAccounts.updatedAt,
            })
            .from(payoutAccounts)
            .where(eq(payoutAccounts.tutorId, accountId))
        )[0] ?? null,
    },
    orders: theirOrders.map((o) => ({
      reference: o.reference,
      status: o.status,
      amountKobo: o.amountKobo,
      channel: o.paidChannel ?? o.channel,
      createdAt: o.createdAt,
      paidAt: o.paidAt,
      lines: lines.filter((l) => l.orderId === o.id).map(({ orderId: _, ...l }) => l),
    })),
    refunds: await db
      .select({
        ...courseTitle,
        reason: refunds.reason,
        status: refunds.status,
        createdAt: refunds.createdAt,
      })
      .from(refunds)
      .innerJoin(courses, eq(courses.id, refunds.courseId))
      .where(eq(refunds.studentId, accountId)),
    enrolments: await db
      .select({
        courseId: enrolments.courseId,
        ...courseTitle,
        pricePaidKobo: enrolments.pricePaidKobo,
        createdAt: enrolments.createdAt,
      })
      .from(enrolments)
      .innerJoin(courses, eq(courses.id, enrolments.courseId))
      .where(eq(enrolments.studentId, accountId)),
    progress: {
      lessons: await db.select().from(progress).where(eq(progress.studentId, accountId)),
      watched: await db.select().from(watchCoverage).where(eq(watchCoverage.studentId, accountId)),
      quizAttempts: await db.select().from(quizAttempts).where(eq(quizAttempts.studentId, accountId)),
    },
    reviews: await db
      .select({
        courseId: reviews.courseId,
        ...courseTitle,
        rating: reviews.rating,
        comment: reviews.comment,
        createdAt: reviews.createdAt,
      })
      .from(reviews)
      .innerJoin(courses, eq(courses.id, reviews.courseId))
      .where(eq(reviews.studentId, accountId)),
    questions: await db
      .select({
        id: questions.id,
        courseId: questions.courseId,
        title: questions.title,
        body: questions.body,
        createdAt: questions.createdAt,
      })
      .from(questions)
      .where(eq(questions.authorId, accountId)),
    answers: await db
      .select({
        id: answers.id,
        questionId: answers.questionId,
        body: answers.body,
        createdAt: answers.createdAt,
      })
      .from(answers)
      .where(eq(answers.authorId, accountId)),
    notifications: await db
      .select({
        type: notifications.type,
        message: notifications.message,
        link: notifications.link,
        read: sql<boolean>`${notifications.readAt} is not null`,
        createdAt: notifications.createdAt,
      })
      .from(notifications)
      .where(eq(notifications.accountId, accountId)),
    certificates: await db
      .select({
        code: certificates.code,
        courseTitle: certificates.courseTitle,
        studentName: certificates.studentName,
        status: certificates.status,
        issuedAt: certificates.issuedAt,
      })
      .from(certificates)
      .where(eq(certificates.studentId, accountId)),
    wishlist: await db
      .select({ courseId: wishlist.courseId, ...courseTitle })
      .from(wishlist)
      .innerJoin(courses, eq(courses.id, wishlist.courseId))
      .where(eq(wishlist.studentId, accountId)),
    sessions: await db
      .select({
        userAgent: sessions.userAgent,
        ipPrefix: sessions.ipPrefix,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        revokedAt: sessions.revokedAt,
      })
      .from(sessions)
      .where(eq(sessions.accountId, accountId)),
  };
}

/** The courses the person reviewed or asked about: their cached answers show the person's name. */
export async function coursesNamingPerson(db: Db | Tx, accountId: number): Promise<number[]> {
  const rows = await db
    .select({ id: reviews.courseId })
    .from(reviews)
    .where(eq(reviews.studentId, accountId))
    .union(db.select({ id: questions.courseId }).from(questions).where(eq(questions.authorId, accountId)));
  return rows.map((r) => r.id);
}
