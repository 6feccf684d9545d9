import { and, asc, count, desc, eq, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client.ts';
import { accounts, courses, sections, series } from '../db/schema.ts';
import { answers, postVotes, questions } from '../db/schema-qa.ts';
import type { AnswerRow, QuestionRow } from '../presenters/questions.ts';

type Handle = Db | Tx;

/** A course as the Q&A rules see it; undefined for an unknown course. */
export async function qaCourse(db: Handle, courseId: number) {
  const [row] = await db
    .select({ id: courses.id, tutorId: courses.tutorId, title: courses.title })
    .from(courses)
    .where(eq(courses.id, courseId));
  return row;
}

/** The course a lesson belongs to; undefined for an unknown lesson. */
export async function seriesCourseId(db: Handle, seriesId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ courseId: sections.courseId })
    .from(series)
    .innerJoin(sections, eq(sections.id, series.sectionId))
    .where(eq(series.id, seriesId));
  return row?.courseId;
}

const voted = (kind: 'question' | 'answer', postId: AnyPgColumn, viewerId: number) =>
  sql<boolean>`exists (select 1 from ${postVotes} where ${postVotes.postKind} = ${kind} and ${postVotes.postId} = ${postId} and ${postVotes.accountId} = ${viewerId})`;

/** Questions with what the presenter needs: author, course title and tutor, the viewer's vote. */
const questionSelect = (db: Handle, viewerId: number) =>
  db
    .select({
      id: questions.id,
      courseId: questions.courseId,
      courseTitle: courses.title,
      tutorId: courses.tutorId,
      seriesId: questions.seriesId,
      title: questions.title,
      body: questions.body,
      authorId: questions.authorId,
      authorName: accounts.fullName,
      authorRole: accounts.role,
      votes: questions.votes,
      voted: voted('question', questions.id, viewerId),
      answerCount: questions.answerCount,
      acceptedAnswerId: questions.acceptedAnswerId,
      editedAt: questions.editedAt,
      deletedAt: questions.deletedAt,
      hiddenAt: questions.hiddenAt,
      createdAt: questions.createdAt,
    })
    .from(questions)
    .innerJoin(courses, eq(courses.id, questions.courseId))
    .innerJoin(accounts, eq(accounts.id, questions.authorId));

/** One question (deleted and hidden ones included: the caller decides), as seen by `viewerId`. */
export async function questionById(
  db: Handle,
  id: number,
  viewerId: number,
): Promise<QuestionRow | undefined> {
  const [row] = await questionSelect(db, viewerId).where(eq(questions.id, id));
  return row;
}

/** What is left of a deleted question in lists: one with answers stays (as '[deleted]'), one without leaves. */
const listedSql = or(isNull(questions.deletedAt), gt(questions.answerCount, 0))!;

/** `q` as an ILIKE pattern matching it anywhere, its own % _ and \ taken literally. */
const containsPattern = (q: string) => `%${q.replace(/[\\%_]/g, '\\$&')}%`;

export type QuestionFilter = {
  /** One course's questions, or (undefined) the questions of every course `tutorId` teaches. */
  courseId?: number;
  tutorId?: number;
  seriesId?: number;
  sort: 'recent' | 'top' | 'unanswered';
  q?: string;
  includeHidden: boolean;
  pageSize: number;
  pageNo: number;
};

/**
 * A page of questions: a course's, or a tutor's inbox across their courses (unanswered first). With `seriesId` that
 * lesson's questions come first; `q` searches titles and bodies.
 */
export async function listQuestions(db: Db, viewerId: number, f: QuestionFilter) {
  const where = and(
    f.courseId !== undefined
      ? eq(questions.courseId, f.courseId)
      : inArray(
          questions.courseId,
          db
            .select({ id: courses.id })
            .from(courses)
            .where(eq(courses.tutorId, f.tutorId ?? -1)),
        ),
    f.q ? isNull(questions.deletedAt) : listedSql,
    f.includeHidden ? undefined : isNull(questions.hiddenAt),
    f.q ? sql`(${questions.title} || ' ' || ${questions.body}) ilike ${containsPattern(f.q)}` : undefined,
  );
  const order: SQL[] = [];
  if (f.seriesId !== undefined)
    order.push(sql`case when ${questions.seriesId} = ${f.seriesId} then 0 else 1 end`);
  if (f.courseId === undefined || f.sort === 'unanswered')
    order.push(sql`case when ${questions.answerCount} = 0 then 0 else 1 end`);
  if (f.sort === 'top') order.push(desc(questions.votes));
  order.push(desc(questions.createdAt), desc(questions.id));
  const [rows, [total]] = await Promise.all([
    questionSelect(db, viewerId)
      .where(where)
      .orderBy(...order)
      .limit(f.pageSize)
      .offset(f.pageNo * f.pageSize),
    db.select({ n: count() }).from(questions).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

const answerSelect = (db: Handle, viewerId: number) =>
  db
    .select({
      id: answers.id,
      questionId: answers.questionId,
      body: answers.body,
      authorId: answers.authorId,
      authorName: accounts.fullName,
      authorRole: accounts.role,
      votes: answers.votes,
      voted: voted('answer', answers.id, viewerId),
      editedAt: answers.editedAt,
      deletedAt: answers.deletedAt,
      hiddenAt: answers.hiddenAt,
      createdAt: answers.createdAt,
    })
    .from(answers)
    .innerJoin(accounts, eq(accounts.id, answers.authorId));

/** A question's answers still standing: the accepted one first, then by votes, then oldest first. */
export async function questionAnswers(
  db: Handle,
  questionId: number,
  acceptedAnswerId: number | null,
  viewerId: number,
  includeHidden: boolean,
): Promise<AnswerRow[]> {
  return answerSelect(db, viewerId)
    .where(
      and(
        eq(answers.questionId, questionId),
        isNull(answers.deletedAt),
        includeHidden ? undefined : isNull(answers.hiddenAt),
      ),
    )
    .orderBy(
      sql`case when ${answers.id} = ${acceptedAnswerId ?? -1} then 0 else 1 end`,
      desc(answers.votes),
      asc(answers.createdAt),
      asc(answers.id),
    );
}

/** One answer as answered (for the answer call). */
export async function answerById(db: Handle, id: number, viewerId: number): Promise<AnswerRow | undefined> {
  const [row] = await answerSelect(db, viewerId).where(eq(answers.id, id));
  return row;
}

/** An answer with its question's facts (for the rules of vote, accept, edit, delete, report and hide). */
export async function answerFacts(db: Handle, id: number) {
  const [row] = await db
    .select({
      id: answers.id,
      questionId: answers.questionId,
      authorId: answers.authorId,
      deletedAt: answers.deletedAt,
      hiddenAt: answers.hiddenAt,
      createdAt: answers.createdAt,
      courseId: questions.courseId,
      askerId: questions.authorId,
      questionTitle: questions.title,
      questionDeletedAt: questions.deletedAt,
      questionHiddenAt: questions.hiddenAt,
      acceptedAnswerId: questions.acceptedAnswerId,
    })
    .from(answers)
    .innerJoin(questions, eq(questions.id, answers.questionId))
    .where(eq(answers.id, id));
  return row;
}

/** How many posts of a kind `authorId` made in the last hour, and when the oldest of them was made. */
export async function postsInLastHour(db: Handle, kind: 'question' | 'answer', authorId: number) {
  const table = kind === 'question' ? questions : answers;
  const [row] = await db
    .select({ n: count(), oldest: sql<string | null>`min(${table.createdAt})` })
    .from(table)
    .where(and(eq(table.authorId, authorId), gt(table.createdAt, sql`now() - interval '1 hour'`)));
  return { n: row?.n ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
}

/** Locks a question's row until the caller's transaction ends: answers of one question are counted one at a time. */
export async function lockQuestion(tx: Tx, id: number) {
  const [row] = await tx
    .select({ id: questions.id, deletedAt: questions.deletedAt })
    .from(questions)
    .where(eq(questions.id, id))
    .for('update');
  return row;
}

/** A post's current vote count (after a vote that changed nothing). */
export async function postVotesOf(db: Handle, kind: 'question' | 'answer', id: number): Promise<number> {
  const table = kind === 'question' ? questions : answers;
  const [row] = await db.select({ votes: table.votes }).from(table).where(eq(table.id, id));
  return row?.votes ?? 0;
}
