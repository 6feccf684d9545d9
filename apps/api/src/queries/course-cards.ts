import { and, eq, isNull, sql } from 'drizzle-orm';
import type { CardWriter } from '../cache/index.ts';
import type { Db } from '../db/client.ts';
import { courseCards, courses, type Card } from '../db/schema.ts';
import { publishedSql } from '../policies/course.ts';
import type { PendingLink } from '../presenters/course.ts';
import { cardOf, withFreshFields } from '../presenters/course-card.ts';
import { presentCourses, type AnswerDeps } from './course-answers.ts';
import { cardRowsQuery, type CardRow } from './course-rows.ts';

/**
 * Course cards: each course as a guest sees it, kept ready to send in `course_cards`, so that a guest's catalogue
 * page whose answer is not cached is one statement and string joins instead of the outline's rows and the
 * presenter for every course.
 *
 * A card is the guest's course answer (`presentCourses` for no viewer, checked and serialized with the contract's
 * schema) without the fields read fresh with it on every request: the student count (a purchase must not empty
 * the card), the rating (on the course row), and `owned`/`canWatch` (false for a guest). Its preview lessons' links
 * are kept as links to sign per request.
 *
 * Freshness: triggers (migration `*_course_cards.sql`) empty a course's card and give it a new stamp, in the writing
 * transaction, whenever anything the card shows changes: the course's own columns, its sections and lessons, their
 * videos' transcode state, the author's name, the category and group codes. A card is built from a read that
 * starts with the card's stamp, and stored only while the stamp is still that one (`CardWriter`): a change that
 * committed after the read gave the card a newer stamp, so the older card is dropped rather than stored.
 */

/** Builds the cards of `rows` that have none (for no viewer), with the links to sign, by course id. */
async function buildCards(ctx: AnswerDeps, rows: CardRow[]): Promise<Map<number, Card>> {
  const built = new Map<number, Card>();
  if (rows.length === 0) return built;
  const pending: PendingLink[] = [];
  const dtos = await presentCourses(ctx, rows, null, { deferLinks: pending });
  dtos.forEach((dto, i) => {
    const links = pending.filter((l) => l.course === i).map(({ course: _course, ...link }) => link);
    built.set(rows[i]!.id, cardOf(dto, links));
  });
  return built;
}

/**
 * Guests' answers for `rows` (read with their cards): each course's JSON, in order, and the preview links to sign
 * per request (course index = position). Courses without a card are presented now (one statement for their
 * outlines) and their cards handed to `ctx.cards` to store under the stamp read with the row.
 */
export async function guestCourses(
  ctx: AnswerDeps & { cards: CardWriter },
  rows: CardRow[],
): Promise<{ json: string[]; links: PendingLink[] }> {
  const missing = rows.filter((r) => r.cardBody === null);
  const built = await buildCards(ctx, missing);
  for (const r of missing) ctx.cards.store(r.id, r.cardStamp, built.get(r.id)!);
  const links: PendingLink[] = [];
  const json = rows.map((row, course) => {
    const card =
      row.cardBody !== null ? { body: row.cardBody, links: row.cardLinks ?? [] } : built.get(row.id)!;
    for (const link of card.links) links.push({ ...link, course });
    return withFreshFields(card.body, row);
  });
  return { json, links };
}

/** How many published courses a backfill step builds cards for (one statement each to read and to store). */
const BACKFILL_BATCH = 200;

/**
 * Builds the missing cards of published courses, a batch at a time, until none is missing or `stopped()`; the cards
 * of courses published later, or changed, are built by the first guest who reads them. Resolves to the number built.
 */
export async function backfillCards(
  ctx: AnswerDeps & { cards: CardWriter },
  stopped: () => boolean = () => false,
): Promise<number> {
  let done = 0;
  let after = 0;
  while (!stopped()) {
    const rows = await missingCards(ctx.db, after);
    if (rows.length === 0) break;
    const built = await buildCards(ctx, rows);
    await ctx.cards.write(rows.map((r) => ({ id: r.id, stamp: r.cardStamp, card: built.get(r.id)! })));
    done += rows.length;
    after = rows[rows.length - 1]!.id;
  }
  return done;
}

/** Published courses after id `after` whose card is missing, by id, a batch of them with their rows. */
const missingCards = (db: Db, after: number) =>
  cardRowsQuery(db)
    .where(and(publishedSql, isNull(courseCards.body), sql`${courses.id} > ${after}`))
    .orderBy(courses.id)
    .limit(BACKFILL_BATCH);

/** The stored card of one course, or undefined (tests). */
export async function storedCard(
  db: Db,
  id: number,
): Promise<{ stamp: number; body: string | null } | undefined> {
  const [row] = await db
    .select({ stamp: courseCards.stamp, body: courseCards.body })
    .from(courseCards)
    .where(eq(courseCards.courseId, id));
  return row;
}
