import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { answers, postVotes, questions } from '../db/schema-qa.ts';
import { tooManyTries } from '../errors.ts';
import { ANSWERS_PER_HOUR, QUESTIONS_PER_HOUR } from '../policies/questions.ts';
import { lockQuestion, postsInLastHour, postVotesOf } from '../queries/questions.ts';
import { waitText } from '../services/sign-in-throttle.ts';
import { notifyQa } from './questions-notify.ts';

type Db = AppContext['db'];
type Author = { id: number; fullName: string };
type Course = { id: number; tutorId: number; title: string };

/** Where a notification about a question takes its reader: the tutor's inbox, or the course's player. */
export const questionLink = (course: Course, questionId: number, accountId: number): string =>
  accountId === course.tutorId
    ? `/tutor/questions?question=${questionId}`
    : `/view-course/${course.id}?question=${questionId}`;

/** Any constant of ours: the advisory lock that makes one person's posts count one at a time. */
const POSTING_LOCK = 0x71617073; // 'qaps'

/** 429 once `authorId` made `max` posts of this kind in the last hour, saying when the next one may be made. */
async function assertUnderHourlyLimit(tx: Tx, kind: 'question' | 'answer', authorId: number, max: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${POSTING_LOCK}, ${authorId})`);
  const { n, oldest } = await postsInLastHour(tx, kind, authorId);
  if (n < max) return;
  const waitMs = Math.max(1000, (oldest?.getTime() ?? Date.now()) + 60 * 60_000 - Date.now());
  const what = kind === 'question' ? `ask at most ${max} questions` : `post at most ${max} answers`;
  tooManyTries(`You can ${what} an hour. Please try again in ${waitText(waitMs)}.`, waitMs);
}

/** Recounts a question's standing answers and drops an accepted answer that no longer stands (question locked). */
async function refreshAnswerCount(tx: Tx, questionId: number): Promise<void> {
  const standing = sql`${answers.questionId} = ${questionId} and ${answers.deletedAt} is null and ${answers.hiddenAt} is null`;
  await tx
    .update(questions)
    .set({
      answerCount: sql`(select count(*)::int from ${answers} where ${standing})`,
      acceptedAnswerId: sql`(select ${answers.id} from ${answers} where ${standing} and ${answers.id} = ${questions.acceptedAnswerId})`,
    })
    .where(eq(questions.id, questionId));
}

/** A question on a course or one of its lessons; its tutor hears of it. Returns its id (429 past the hourly limit). */
export async function addQuestion(
  db: Db,
  input: { course: Course; author: Author; seriesId: number | null; title: string; body: string },
): Promise<number> {
  const { course, author } = input;
  return db.transaction(async (tx) => {
    await assertUnderHourlyLimit(tx, 'question', author.id, QUESTIONS_PER_HOUR);
    const [row] = await tx
      .insert(questions)
      .values({
        courseId: course.id,
        seriesId: input.seriesId,
        authorId: author.id,
        title: input.title,
        body: input.body,
      })
      .returning({ id: questions.id });
    const id = row!.id;
    await notifyQa(tx, author.id, [
      {
        accountId: course.tutorId,
        type: 'question-asked',
        message: {
          key: 'notice.questionAsked',
          values: { name: author.fullName, title: course.title, question: input.title },
        },
        link: questionLink(course, id, course.tutorId),
      },
    ]);
    return id;
  });
}

/**
 * An answer to a question; the asker hears of it. The tutor's first answer sets the question's time to a first
 * tutor answer. Returns its id (429 past the hourly limit, 400 for a question deleted meanwhile).
 */
export async function addAnswer(
  db: Db,
  input: {
    course: Course;
    question: { id: number; title: string; authorId: number };
    author: Author;
    body: string;
  },
): Promise<number | null> {
  const { course, question, author } = input;
  return db.transaction(async (tx) => {
    await assertUnderHourlyLimit(tx, 'answer', author.id, ANSWERS_PER_HOUR);
    const locked = await lockQuestion(tx, question.id);
    if (!locked || locked.deletedAt) return null;
    const [row] = await tx
      .insert(answers)
      .values({ questionId: question.id, authorId: author.id, body: input.body })
      .returning({ id: answers.id, createdAt: answers.createdAt });
    await refreshAnswerCount(tx, question.id);
    if (author.id === course.tutorId)
      await tx
        .update(questions)
        .set({ firstTutorAnswerAt: sql`coalesce(${questions.firstTutorAnswerAt}, ${row!.createdAt})` })
        .where(eq(questions.id, question.id));
    await notifyQa(tx, author.id, [
      {
        accountId: question.authorId,
        type: 'question-answered',
        message: {
          key: 'notice.questionAnswered',
          values: {
            name: author.fullName,
            by: author.id === course.tutorId ? 'tutor' : 'other',
            question: question.title,
          },
        },
        link: questionLink(course, question.id, question.authorId),
      },
    ]);
    return row!.id;
  });
}

/** Toggles one person's vote on a post: the first press counts, the second takes it back. The counter follows. */
export async function toggleVote(
  db: Db,
  kind: 'question' | 'answer',
  postId: number,
  voterId: number,
): Promise<{ votes: number; voted: boolean }> {
  const table = kind === 'question' ? questions : answers;
  return db.transaction(async (tx) => {
    const key = { postKind: kind, postId, accountId: voterId };
    const added = await tx
      .insert(postVotes)
      .values(key)
      .onConflictDoNothing()
      .returning({ id: postVotes.postId });
    const voted = added.length > 0;
    if (!voted) {
      const removed = await tx
        .delete(postVotes)
        .where(
          and(eq(postVotes.postKind, kind), eq(postVotes.postId, postId), eq(postVotes.accountId, voterId)),
        )
        .returning({ id: postVotes.postId });
      // Another press of the same person took it back first: nothing changed here.
      if (!removed.length) return { votes: await postVotesOf(tx, kind, postId), voted: false };
    }
    const [row] = await tx
      .update(table)
      .set({ votes: sql`${table.votes} + ${voted ? 1 : -1}` })
      .where(eq(table.id, postId))
      .returning({ votes: table.votes });
    return { votes: row?.votes ?? 0, voted };
  });
}

/**
 * Marks the accepted answer of a question (accepting another moves the mark). The asker and the answer's author
 * hear of it, except whoever accepted. Returns false when it was already the accepted one.
 */
export async function acceptAnswer(
  db: Db,
  input: {
    course: Course;
    answer: { id: number; authorId: number; questionId: number; askerId: number; questionTitle: string };
    actorId: number;
  },
): Promise<boolean> {
  const { course, answer } = input;
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(questions)
      .set({ acceptedAnswerId: answer.id })
      .where(
        and(
          eq(questions.id, answer.questionId),
          sql`${questions.acceptedAnswerId} is distinct from ${answer.id}`,
          // Only an answer still standing can be accepted.
          sql`exists (select 1 from ${answers} where ${answers.id} = ${answer.id} and ${answers.deletedAt} is null and ${answers.hiddenAt} is null)`,
        ),
      )
      .returning({ id: questions.id });
    if (!changed.length) return false;
    await notifyQa(tx, input.actorId, [
      {
        accountId: answer.authorId,
        type: 'answer-accepted',
        message: { key: 'notice.answerAccepted', values: { question: answer.questionTitle } },
        link: questionLink(course, answer.questionId, answer.authorId),
      },
      {
        accountId: answer.askerId,
        type: 'answer-accepted',
        message: { key: 'notice.answerAcceptedAsker', values: { question: answer.questionTitle } },
        link: questionLink(course, answer.questionId, answer.askerId),
      },
    ]);
    return true;
  });
}

/** Changes a post's text (the route checked the author and the 30-minute window). False when it was deleted meanwhile. */
export async function editPost(
  db: Db,
  kind: 'question' | 'answer',
  id: number,
  text: { title?: string; body: string },
): Promise<boolean> {
  const table = kind === 'question' ? questions : answers;
  const set =
    kind === 'question' && text.title !== undefined
      ? { title: text.title, body: text.body, editedAt: sql`now()` }
      : { body: text.body, editedAt: sql`now()` };
  const rows = await db
    .update(table)
    .set(set as never)
    .where(and(eq(table.id, id), isNull(table.deletedAt)))
    .returning({ id: table.id });
  return rows.length > 0;
}

/**
 * Deletes a post (its text stays stored). A question with answers then shows as '[deleted]', one without leaves
 * the lists; an answer leaves its question, which is recounted (and loses the accepted mark if it was that one).
 */
export async function deletePost(db: Db, kind: 'question' | 'answer', id: number): Promise<void> {
  await db.transaction(async (tx) => {
    if (kind === 'question') {
      await tx
        .update(questions)
        .set({ deletedAt: sql`now()` })
        .where(and(eq(questions.id, id), isNull(questions.deletedAt)));
      return;
    }
    const [row] = await tx
      .update(answers)
      .set({ deletedAt: sql`now()` })
      .where(and(eq(answers.id, id), isNull(answers.deletedAt)))
      .returning({ questionId: answers.questionId });
    if (!row) return;
    await lockQuestion(tx, row.questionId);
    await refreshAnswerCount(tx, row.questionId);
  });
}

export { refreshAnswerCount };
