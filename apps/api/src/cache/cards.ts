import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { courseCards, type Card } from '../db/schema.ts';
import { outsideRequests } from '../lib/request-context.ts';

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

  constructor(private readonly deps: { db: Db; log: FastifyBaseLogger }) {}

  /** Queues a card for the next write. */
  store(id: number, stamp: number | null, card: Card): void {
    if (this.closed || stamp === null) return;
    this.queued.set(id, { id, stamp, card });
    this.schedule();
  }

  private schedule(): void {
    // One write stores the cards of several requests: it runs (and logs) under none of their ids.
    this.flushing ??= outsideRequests(() =>
      new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.flush()),
    );
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
