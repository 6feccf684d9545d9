import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { Account } from '../db/schema.ts';
import { answers, postReports, qaEmailOptOut, questions } from '../db/schema-qa.ts';
import { tooManyTries } from '../errors.ts';
import { REPORTS_PER_HOUR } from '../policies/questions.ts';
import { lockQuestion } from '../queries/questions.ts';
import { hasOpenReport, reportsInLastHour } from '../queries/questions-admin.ts';
import { audit, type AuditRequest } from './audit.ts';
import { refreshAnswerCount } from './questions.ts';

type Db = AppContext['db'];
type Kind = 'question' | 'answer';

/**
 * A report of a post, for the admins' moderation list. A second open report of the same post by the same person
 * adds nothing; more than REPORTS_PER_HOUR an hour is a 429.
 */
export async function reportPost(db: Db, kind: Kind, postId: number, reporterId: number, reason: string) {
  if ((await reportsInLastHour(db, reporterId)) >= REPORTS_PER_HOUR)
    tooManyTries(
      `You can send at most ${REPORTS_PER_HOUR} reports an hour. Please try again later.`,
      60 * 60_000,
    );
  if (await hasOpenReport(db, kind, postId, reporterId)) return;
  await db.insert(postReports).values({ postKind: kind, postId, reporterId, reason });
}

/**
 * An admin hides a post: it is gone for everyone but admins, its open reports are resolved, and the audit records
 * who did it. A hidden answer leaves its question's count (and the accepted mark).
 */
export async function hidePost(
  db: Db,
  input: { kind: Kind; postId: number; questionId: number; admin: Pick<Account, 'id' | 'role'> },
  req: AuditRequest,
): Promise<void> {
  const { kind, postId, admin } = input;
  await db.transaction(async (tx) => {
    await lockQuestion(tx, input.questionId);
    const table = kind === 'question' ? questions : answers;
    const hidden = await tx
      .update(table)
      .set({ hiddenAt: sql`now()`, hiddenBy: admin.id })
      .where(and(eq(table.id, postId), isNull(table.hiddenAt)))
      .returning({ id: table.id });
    await tx
      .update(postReports)
      .set({ resolvedAt: sql`now()` })
      .where(
        and(eq(postReports.postKind, kind), eq(postReports.postId, postId), isNull(postReports.resolvedAt)),
      );
    if (!hidden.length) return;
    if (kind === 'answer') await refreshAnswerCount(tx, input.questionId);
    await audit(tx, {
      actor: admin,
      action: `${kind}.hidden`,
      subjectType: kind,
      subjectId: postId,
      details: { questionId: input.questionId },
      req,
    });
  });
}

/** Turns a person's Q&A emails (digests and announcements) on or off. */
export async function setQaEmails(db: Db, accountId: number, enabled: boolean): Promise<void> {
  if (enabled) await db.delete(qaEmailOptOut).where(eq(qaEmailOptOut.accountId, accountId));
  else await db.insert(qaEmailOptOut).values({ accountId }).onConflictDoNothing();
}
