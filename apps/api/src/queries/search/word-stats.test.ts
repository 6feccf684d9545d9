import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { chooseIndexWords, WordStats } from './word-stats.ts';

describe('chooseIndexWords', () => {
  it('looks up the rarest word, then the next rarest while many courses are still expected', () => {
    // "react masterclass vol. 57" over 100,000 courses: react 2.5 %, masterclass 8 %, vol. in every course, 57 2 %.
    expect(chooseIndexWords([0.025, 0.08, 1, 0.02], 100_000)).toEqual([true, false, false, true]);
  });

  it('never looks up a word in most courses, but always looks up one word', () => {
    expect(chooseIndexWords([0.9, 0.5], 100_000)).toEqual([false, true]);
    expect(chooseIndexWords([0.3, 0.05], 100_000)).toEqual([false, true]);
  });

  it('stops at a word no common word contains: it is rare enough alone', () => {
    expect(chooseIndexWords([0.1, 0, 0.01], 100_000)).toEqual([false, true, false]);
  });

  it('looks up more words only while more than a hundred courses are expected', () => {
    expect(chooseIndexWords([0.5, 0.1], 150)).toEqual([false, true]);
    expect(chooseIndexWords([0.1, 0.1, 0.1], 1_000_000)).toEqual([true, true, true]);
  });
});

/** A database whose statistics say: `vol.` in every course, `react` in 2.5 %, `reactive` in 0.5 %. */
function statsDb(rows = 100_000) {
  let reads = 0;
  const db = {
    execute() {
      reads++;
      return Promise.resolve({
        rows: [{ words: ['vol.', 'react', 'reactive'], freqs: [1, 0.025, 0.005, 0.005, 1, 0], rows }],
      });
    },
  };
  return { db: db as unknown as Db, reads: () => reads };
}

describe('WordStats', () => {
  it('chooses nothing until its statistics are read, and reads them in the background once', async () => {
    const { db, reads } = statsDb();
    const stats = new WordStats(db);
    expect(stats.choose([['vol.'], ['react']])).toBeUndefined();
    expect(stats.choose([['vol.'], ['react']])).toBeUndefined();
    await stats.settled();
    expect(reads()).toBe(1);
    // react counts every common word containing it: react and reactive, 3 %.
    expect(stats.choose([['vol.'], ['react']])).toEqual([false, true]);
    // A word with alternatives counts each common word once.
    expect(
      stats.choose([
        ['vol.', 'vol'],
        ['reactive', 'react'],
      ]),
    ).toEqual([false, true]);
    expect(reads()).toBe(1);
  });

  it('reads again once its statistics are older than its limit', async () => {
    const { db, reads } = statsDb();
    const stats = new WordStats(db, 0);
    await stats.refresh();
    await new Promise((r) => setTimeout(r, 5));
    stats.choose([['vol.']]);
    await stats.settled();
    expect(reads()).toBe(2);
  });

  it('finds the shares of words again under statistics read anew', async () => {
    let freqs = [0.025, 0.3];
    const db = {
      execute: () => Promise.resolve({ rows: [{ words: ['react', 'angular'], freqs, rows: 100_000 }] }),
    } as unknown as Db;
    const stats = new WordStats(db);
    await stats.refresh();
    expect(stats.choose([['react'], ['angular']])).toEqual([true, false]);
    expect(stats.choose([['react'], ['angular']])).toEqual([true, false]);
    freqs = [0.9, 0.01];
    await stats.refresh();
    expect(stats.choose([['react'], ['angular']])).toEqual([false, true]);
  });

  it('chooses nothing where the database has no statistics', async () => {
    const { db } = statsDb(-1);
    const stats = new WordStats(db);
    await stats.refresh();
    expect(stats.choose([['vol.'], ['react']])).toBeUndefined();
  });
});
