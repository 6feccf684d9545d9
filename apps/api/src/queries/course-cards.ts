import { and, eq, isNull, sql } from 'drizzle-orm';
import { ZCourseDto, type TCourseDto } from '@app/contract/courses';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { courseCards, courses, type CardLink } from '../db/schema.ts';
import { publishedSql } from '../policies/course.ts';
import { cardRowsQuery, presentCourses, type CardRow, type PendingLink } from '../presenters/course.ts';
import { averageOf } from './reviews.ts';

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

/** The answer's fields a card leaves out; `withFreshFields` adds them. */
const CardSchema = ZCourseDto.omit({
  studentCount: true,
  owned: true,
  canWatch: true,
  averageRating: true,
  ratingCount: true,
  buyerCount: true,
  totalEarnings: true,
  progress: true,
  statusReason: true,
});

/** A built card: its JSON and its preview links to sign. */
export type Card = { body: string; links: CardLink[] };

/** The card of a guest's course answer (made by presentCourses for no viewer). */
export const cardOf = (dto: TCourseDto, links: CardLink[]): Card => ({
  body: JSON.stringify(CardSchema.encode(dto)),
  links,
});

/**
 * The card's JSON with the fields read fresh: a guest's course answer, as `presentCourses` gives it for no viewer.
 */
export function withFreshFields(body: string, row: CardRow): string {
  const rating = averageOf(row.ratingSum, row.ratingCount);
  return `${body.slice(0, -1)},"studentCount":${row.students},"owned":false,"canWatch":false,"averageRating":${JSON.stringify(rating)},"ratingCount":${row.ratingCount}}`;
}

/** Builds the cards of `rows` that have none (for no viewer), with the links to sign, by course id. */
async function buildCards(
  ctx: Pick<AppContext, 'db' | 'storage' | 'config'>,
  rows: CardRow[],
): Promise<Map<number, Card>> {
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
  ctx: Pick<AppContext, 'db' | 'storage' | 'config' | 'cards'>,
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
  ctx: Pick<AppContext, 'db' | 'storage' | 'config' | 'cards'>,
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

/** A card to store under the stamp its course was read with (null: the course had no card row). */
type CardWrite = { id: number; stamp: number | null; card: Card };

/**
 * Stores built cards after the answer that built them went out: the writes of one turn of the event loop go in
 * one statement. A card is stored only where its stamp is still the one read with its course, the card is still
 * empty, and no writing transaction holds the row (it is about to change it): `SKIP LOCKED`, so that a guest's read
 * never waits for a writer. A failed write is logged and dropped; the next guest builds the card again.
 */
export class CardWriter {
  private queued = new Map<number, CardWrite>();
  private flushing: Promise<void> | null = null;
  private closed = false;

  constructor(private readonly deps: Pick<AppContext, 'db' | 'log'>) {}

  /** Queues a card for the next write. */
  store(id: number, stamp: number | null, card: Card): void {
    if (this.closed || stamp === null) return;
    this.queued.set(id, { id, stamp, card });
    this.schedule();
  }

  private schedule(): void {
    this.flushing ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.flush());
  }

  /** Waits for the queued cards to be written (tests). */
  async settled(): Promise<void> {
    while (this.flushing) await this.flushing;
  }

  /** Stops writing: queued cards are dropped (rebuilt by the next guest). */
  async close(): Promise<void> {
    this.closed = true;
    this.queued.clear();
    await this.settled();
  }

  private async flush(): Promise<void> {
    const writes = [...this.queued.values()];
    this.queued.clear();
    try {
      await this.write(writes);
    } catch (err) {
      this.deps.log.warn({ err }, 'course cards not stored; the next guest builds them again');
    } finally {
      this.flushing = null;
      // Cards queued while this write ran go in the next one.
      if (this.queued.size > 0 && !this.closed) this.schedule();
    }
  }

  /** Stores `writes` now (one statement); see the class. */
  async write(writes: CardWrite[]): Promise<void> {
    const rows = writes
      .filter((w) => w.stamp !== null)
      .map((w) => ({ id: w.id, stamp: w.stamp, body: w.card.body, links: w.card.links }));
    if (rows.length === 0 || this.closed) return;
    await this.deps.db.execute(sql`with v as (
        select * from json_to_recordset(${JSON.stringify(rows)}::json) as v(id int, stamp bigint, body text, links jsonb)),
      free as (
        select k.course_id from ${courseCards} k join v on k.course_id = v.id and k.stamp = v.stamp
        where k.body is null for update of k skip locked)
      update ${courseCards} k set body = v.body, links = v.links
      from v where k.course_id = v.id and k.course_id in (select course_id from free)`);
  }
}

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
