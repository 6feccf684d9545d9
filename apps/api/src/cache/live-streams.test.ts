import { describe, expect, it } from 'vitest';
import {
  LIVE_STREAM_TRUST_MS,
  LiveStreams,
  streamTag,
  type LiveStream,
  type StreamsBus,
} from './live-streams.ts';

/** A table on a fake bus: what it publishes, and a way to deliver another instance's drops to it. */
function table() {
  const published: string[][] = [];
  let remote: { invalidate(tags: readonly string[]): void; clear(): void } | undefined;
  const bus: StreamsBus = {
    attach: (scope, t) => {
      expect(scope).toBe('streams');
      remote = t;
      return async (tags) => {
        published.push(tags);
      };
    },
  };
  return { live: new LiveStreams(bus), published, remote: () => remote! };
}

const now = Date.now();
const stream = (over: Partial<LiveStream> = {}): LiveStream => ({
  id: 's1',
  accountId: 7,
  accountRole: 'user',
  sessionId: 'sess-1',
  deviceId: 3,
  deviceHash: 'hash',
  ladder: 'ladder',
  lastBeatAt: now,
  checkedAt: now,
  ...over,
});

describe('the live-streams table', () => {
  it('drops a stream by its id, account, session or device, and publishes the drop', async () => {
    const { live, published } = table();
    for (const tag of [
      streamTag.stream('s1'),
      streamTag.account(7),
      streamTag.session('sess-1'),
      streamTag.device(3),
    ]) {
      live.add(stream(), live.mark());
      live.add(stream({ id: 's2', accountId: 8, sessionId: 'sess-2', deviceId: 4 }), live.mark());
      expect(live.get('s1', now)).toBeDefined();
      await live.drop([tag]);
      expect(live.get('s1', now), tag).toBeUndefined();
      expect(live.get('s2', now), tag).toBeDefined();
      expect(published.at(-1)).toEqual([tag]);
    }
  });

  it('drops what another instance says, and forgets everything when the bus reconnected', () => {
    const { live, remote } = table();
    live.add(stream(), live.mark());
    remote().invalidate([streamTag.session('sess-1')]);
    expect(live.get('s1', now)).toBeUndefined();
    live.add(stream(), live.mark());
    remote().clear();
    expect(live.get('s1', now)).toBeUndefined();
  });

  it('keeps nothing read before a drop of anything it carries (a read that raced with a write)', async () => {
    const { live } = table();
    const before = live.mark();
    await live.drop([streamTag.device(3)]);
    live.add(stream(), before);
    expect(live.get('s1', now)).toBeUndefined();
    // A drop of something else does not matter; a read after the drop is kept.
    const other = live.mark();
    await live.drop([streamTag.device(99)]);
    live.add(stream(), other);
    expect(live.get('s1', now)).toBeDefined();
    // Nor does a heartbeat read before a drop move the entry on.
    const beat = live.mark();
    await live.drop([streamTag.account(7)]);
    live.add(stream(), live.mark());
    live.refresh('s1', now + 1000, beat);
    expect(live.get('s1', now)!.lastBeatAt).toBe(now);
    // And nothing read before the bus reconnected.
    const old = live.mark();
    live.clear();
    live.add(stream(), old);
    expect(live.get('s1', now)).toBeUndefined();
  });

  it('holds a stream while its heartbeat is within 90 s and the database said yes within a minute', () => {
    const { live } = table();
    live.add(stream(), live.mark());
    expect(live.get('s1', now + LIVE_STREAM_TRUST_MS)).toBeDefined();
    live.refresh('s1', now + 30_000, live.mark());
    expect(live.get('s1', now + 30_000 + LIVE_STREAM_TRUST_MS)).toBeDefined();
    expect(live.get('s1', now + 30_000 + LIVE_STREAM_TRUST_MS + 1)).toBeUndefined();
    // A stream whose last beat is older than 90 s is no longer held, however recently it was checked.
    live.add(stream({ lastBeatAt: now - 91_000 }), live.mark());
    expect(live.get('s1', now)).toBeUndefined();
  });
});
