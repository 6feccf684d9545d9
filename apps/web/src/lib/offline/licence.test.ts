import { describe, expect, it } from 'vitest';
import type { DownloadRecord } from './download-queue.ts';
import { judgeLicences } from './licence.ts';
import { sendQueued } from './progress-queue.ts';

const DAY = 24 * 60 * 60 * 1000;
const now = 100 * DAY;
const download = (seriesId: number, courseId: number, confirmedAt: number, owner = 'ada@example.com') =>
  ({ seriesId, courseId, owner, confirmedAt }) as DownloadRecord;

describe('judgeLicences', () => {
  it('online: confirms owned courses, removes refunded ones', () => {
    const v = judgeLicences(
      [download(1, 10, now - 40 * DAY), download(2, 20, now)],
      'ada@example.com',
      new Set([10]),
      now,
    );
    expect(v).toEqual({ confirm: [1], refunded: [2], expired: [] });
  });

  it('offline: removes downloads not confirmed for 30 days, keeps the others', () => {
    const v = judgeLicences(
      [download(1, 10, now - 31 * DAY), download(2, 10, now - 29 * DAY)],
      'ada@example.com',
      null,
      now,
    );
    expect(v).toEqual({ confirm: [], refunded: [], expired: [1] });
  });

  it("never judges another account's downloads by this account's courses", () => {
    const v = judgeLicences([download(1, 10, now, 'bola@example.com')], 'ada@example.com', new Set(), now);
    expect(v).toEqual({ confirm: [], refunded: [], expired: [] });
  });
});

describe('sendQueued', () => {
  const entry = (key: number, positionSeconds: number, owner = 'ada@example.com') => ({
    key,
    value: { owner, body: { courseId: 1, seriesId: 2, positionSeconds } },
  });

  it('sends the saves in the order they were made and drops each one sent', async () => {
    const sent: number[] = [];
    const dropped: unknown[] = [];
    const n = await sendQueued(
      [entry(1, 10), entry(2, 20, 'bola@example.com'), entry(3, 30)],
      'ada@example.com',
      (body) => {
        sent.push(Number(body.positionSeconds));
        return Promise.resolve('done');
      },
      (key) => Promise.resolve(dropped.push(key)),
    );
    expect(n).toBe(2);
    expect(sent).toEqual([10, 30]);
    expect(dropped).toEqual([1, 3]);
  });

  it('stops at the first save that cannot go, so the rest stay in order', async () => {
    const sent: number[] = [];
    const n = await sendQueued(
      [entry(1, 10), entry(2, 20), entry(3, 30)],
      'ada@example.com',
      (body) => {
        sent.push(Number(body.positionSeconds));
        return Promise.resolve(Number(body.positionSeconds) === 20 ? 'keep' : 'done');
      },
      () => Promise.resolve(),
    );
    expect(n).toBe(1);
    expect(sent).toEqual([10, 20]);
  });
});
