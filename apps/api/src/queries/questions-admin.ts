import { and, count, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { accounts, courses } from '../db/schema.ts';
import { announcements, answers, postReports, questions } from '../db/schema-qa.ts';

type Handle = Db | Tx;

/** Reports `reporterId` made in the last hour. */
export async function reportsInLastHour(db: Handle, reporterId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(postReports)
    .where(
      and(eq(postReports.reporterId, reporterId), gt(postReports.createdAt, sql`now() - interval '1 hour'`)),
    );
  return row?.n ?? 0;
}

/** Whether `reporterId` already has an open report of this post. */
export async function hasOpenReport(
  db: Handle,
  kind: 'question' | 'answer',
  postId: number,
  reporterId: number,
) {
  const [row] = await db
    .select({ id: postReports.id })
    .from(postReports)
    .where(
      and(
        eq(postReports.postKind, kind),
        eq(postReports.postId, postId),
        eq(postReports.reporterId, reporterId),
        isNull(postReports.resolvedAt),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The moderation list: open reports first, newest first, with the post's excerpt and course. */
export async function reportPage(db: Db, page: { pageSize: number; pageNo: number }) {
  const post = sql`(case when ${postReports.postKind} = 'question' then ${questions.id} else ${answers.id} end)`;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: postReports.id,
        kind: postReports.postKind,
        postId: postReports.postId,
        questionId: questions.id,
        courseTitle: courses.title,
        text: sql<string>`case when ${postReports.postKind} = 'question' then ${questions.title} || ': ' || ${questions.body} else ${answers.body} end`,
        reason: postReports.reason,
        reporter: accounts.fullName,
        hiddenAt: sql<
          string | Date | null
        >`case when ${postReports.postKind} = 'question' then ${questions.hiddenAt} else ${answers.hiddenAt} end`,
        resolvedAt: postReports.resolvedAt,
        createdAt: postReports.createdAt,
      })
      .from(postReports)
      .leftJoin(answers, and(eq(postReports.postKind, 'answer'), eq(answers.id, postReports.postId)))
      .innerJoin(
        questions,
        sql`${questions.id} = case when ${postReports.postKind} = 'question' then ${postReports.postId} else ${answers.questionId} end`,
      )
      .innerJoin(courses, eq(courses.id, questions.courseId))
      .innerJoin(accounts, eq(accounts.id, postReports.reporterId))
      .where(sql`${post} is not null`)
      .orderBy(
        sql`(${postReports.resolvedAt} is null) desc`,
        desc(postReports.createdAt),
        desc(postReports.id),
      )
      .limit(page.pageSize)
      .offset(page.pageNo * page.pageSize),
    db.select({ n: count() }).from(postReports),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** A tutor's Q&A figures: questions without an answer, and the median minutes to the tutor's first answer. */
export async function tutorQaStats(db: Db, tutorId: number) {
  const theirs = and(
    sql`${questions.courseId} in (select ${courses.id} from ${courses} where ${courses.tutorId} = ${tutorId})`,
    isNull(questions.deletedAt),
    isNull(questions.hiddenAt),
  );
  const [row] = await db
    .select({
      unanswered: sql<number>`count(*) filter (where ${questions.answerCount} = 0)::int`,
      median: sql<
        number | string | null
      >`percentile_cont(0.5) within group (order by extract(epoch from ${questions.firstTutorAnswerAt} - ${questions.createdAt}) / 60) filter (where ${questions.firstTutorAnswerAt} is not null and ${questions.authorId} <> ${tutorId})`,
    })
    .from(questions)
    .where(theirs);
  const median = row?.median === null || row?.median === undefined ? null : Number(row.median);
  return {
    unanswered: Number(row?.unanswered ?? 0),
    medianFirstAnswerMinutes: median === null ? null : Math.round(median),
  };
}

/** Announcements of a course in the last 7 days (for the limit), counted under the course's lock. */
export async function announcementsThisWeek(db: Handle, courseId: number) {
  const [row] = await db
    .select({ n: count(), oldest: sql<string | Date | null>`min(${announcements.createdAt})` })
    .from(announcements)
    .where(
      and(eq(announcements.courseId, courseId), gt(announcements.createdAt, sql`now() - interval '7 days'`)),
    );
  return { n: row?.n ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
}

const announcementSelect = (db: Handle) =>
  db
    .select({
      id: announcements.id,
      courseId: announcements.courseId,
      title: announcements.title,
      body: announcements.body,
      tutorName: accounts.fullName,
      createdAt: announcements.createdAt,
    })
    .from(announcements)
    .innerJoin(accounts, eq(accounts.id, announcements.tutorId));

/** A course's announcements, newest first. */
export async function announcementPage(db: Db, courseId: number, page: { pageSize: number; pageNo: number }) {
  const where = eq(announcements.courseId, courseId);
  const [rows, [total]] = await Promise.all([
    announcementSelect(db)
      .where(where)
      .orderBy(desc(announcements.createdAt), desc(announcements.id))
      .limit(page.pageSize)
      .offset(page.pageNo * page.pageSize),
    db.select({ n: count() }).from(announcements).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** One announcement as answered. */
export async function announcementById(db: Handle, id: number) {
  const [row] = await announcementSelect(db).where(eq(announcements.id, id));
  return row;
}

/** An announcement with what its notifications and emails say (course title, tutor's name). */
export async function announcementToSend(db: Handle, id: number) {
  const [row] = await db
    .select({
      id: announcements.id,
      courseId: announcements.courseId,
      cohortId: announcements.cohortId,
      courseTitle: courses.title,
      title: announcements.title,
      body: announcements.body,
      tutorName: accounts.fullName,
    })
    .from(announcements)
    .innerJoin(courses, eq(courses.id, announcements.courseId))
    .innerJoin(accounts, eq(accounts.id, announcements.tutorId))
    .where(eq(announcements.id, id));
  return row;
}

/** Names and addresses of `ids`. */
export async function recipientsOf(db: Handle, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({
      id: accounts.id,
      email: accounts.email,
      fullName: accounts.fullName,
      language: accounts.language,
    })
    .from(accounts)
    .where(inArray(accounts.id, ids))
    .orderBy(accounts.id);
}
