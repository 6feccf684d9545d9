import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { CardWriter } from './cards.ts';

/** A database whose writes wait until `release` is called; records the course ids each write stored. */
function slowDb() {
  const written: number[][] = [];
  let release = () => {};
  const db = {
    execute(statement: SQL) {
      const [json] = new PgDialect().sqlToQuery(statement).params as [string];
      written.push((JSON.parse(json) as { id: number }[]).map((r) => r.id));
      return new Promise<void>((resolve) => (release = resolve));
    },
  };
  return { db, written, release: () => release() };
}

const card = { body: '{"id":1}', links: [] };
const log = { warn: () => undefined } as unknown as FastifyBaseLogger;

describe('CardWriter', () => {
  it('stores the cards of one turn in one write, and those queued during a write in the next', async () => {
    const { db, written, release } = slowDb();
    const writer = new CardWriter({ db: db as unknown as Db, log });
    writer.store(1, 10, card);
    writer.store(2, 11, card);
    await new Promise((r) => setImmediate(r));
    expect(written).toEqual([[1, 2]]);
    // Queued while the first write is still running.
    writer.store(3, 12, card);
    release();
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setImmediate(r));
    expect(written).toEqual([[1, 2], [3]]);
    release();
    await writer.settled();
  });

  it('does not store a card read without a stamp, nor after close', async () => {
    const { db, written } = slowDb();
    const writer = new CardWriter({ db: db as unknown as Db, log });
    writer.store(1, null, card);
    await writer.close();
    writer.store(2, 5, card);
    await writer.settled();
    expect(written).toEqual([]);
  });
});
