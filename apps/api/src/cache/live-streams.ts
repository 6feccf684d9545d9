import { LRUCache } from 'lru-cache';
import { STREAM_EXPIRY_SECONDS } from '@app/contract/protection';

/** A playing stream as `GET /media/key` checks it, from the moment the database last said it may get keys. */
export type LiveStream = {
  id: string;
  /** Null for a guest's free preview. */
  accountId: number | null;
  /** The account's role when its sign-in was last checked. */
  accountRole: string | null;
  /** The session the stream plays under (null for a guest, or a token from before sessions). */
  sessionId: string | null;
  deviceId: number | null;
  deviceHash: string;
  /** The ladder's id (its `hls/<id>` prefix without `hls/`). */
  ladder: string;
  /** Its last heartbeat (ms since the epoch). */
  lastBeatAt: number;
  /** When the database last said yes: the start, a heartbeat or a key read (ms since the epoch). */
  checkedAt: number;
};

/**
 * Tags of the live-streams table: a change to what they name drops every entry carrying it, here and on every
 * other instance.
 */
export const streamTag = {
  stream: (id: string) => `stream:${id}`,
  account: (id: number) => `account:${id}`,
  session: (id: string) => `session:${id}`,
  device: (id: number) => `device:${id}`,
} as const;

const tagsOf = (s: LiveStream) => [
  streamTag.stream(s.id),
  ...(s.accountId !== null ? [streamTag.account(s.accountId)] : []),
  ...(s.sessionId ? [streamTag.session(s.sessionId)] : []),
  ...(s.deviceId !== null ? [streamTag.device(s.deviceId)] : []),
];

/**
 * An entry is trusted for at most this long after the database last said yes (a heartbeat on this instance, every
 * 30 s, checks again): the bound on a change that reached no instance through the bus (a session ended by
 * ADMIN_PASSWORD at another instance's start, before its bus runs).
 */
export const LIVE_STREAM_TRUST_MS = 60_000;
/** Drops are remembered this long (a read that started earlier may not store what it read). */
const DROPS_KEPT_MS = 30_000;
const MAX_DROPS_KEPT = 50_000;

/** Where the table is invalidated from: its drops go to the other instances, theirs come back here. */
export type StreamsBus = {
  attach(
    scope: string,
    table: { invalidate(tags: readonly string[]): void; clear(): void },
  ): (tags: string[]) => Promise<void>;
};

/**
 * The streams playing through this instance, so that a player's key request (`GET /media/key/...`) is answered
 * without reading the database: `POST /playback/start` puts its stream in, a heartbeat moves its last beat, and a
 * key request that had to read the database puts what it read in (a stream started on another instance, or after a
 * restart).
 *
 * The table only ever says yes: a stream it does not hold, whose heartbeat is older than STREAM_EXPIRY_SECONDS, or
 * that it holds for longer than LIVE_STREAM_TRUST_MS, is checked in the database, which gives every refusal. So every
 * change that takes a stream's keys away drops its entry right after it commits (`drop`), on this instance at once
 * and on the others through the cache's invalidation bus (within milliseconds): a stopped or ended stream
 * (`stream:<id>`), a removed device (`device:<id>`), a signed-out session (`session:<id>`), every session of an
 * account, or its deletion (`account:<id>`).
 *
 * A read that raced with a drop never stores what it read: the caller takes `mark()` before its database reads,
 * and `add` refuses an entry when one of its tags was dropped since (drops are remembered for 30 s; older marks are
 * refused altogether).
 */
export class LiveStreams {
  private readonly table = new LRUCache<string, LiveStream>({ max: 20_000 });
  private generation = 0;
  /** Marks older than this are refused: a drop they might have missed is no longer remembered. */
  private floor = 0;
  private readonly dropped = new Map<string, { generation: number; at: number }>();
  private readonly publish: (tags: string[]) => Promise<void>;

  constructor(bus: StreamsBus) {
    this.publish = bus.attach('streams', {
      invalidate: (tags) => this.forget(tags),
      clear: () => this.clear(),
    });
  }

  get size() {
    return this.table.size;
  }

  /** The moment before a caller's database reads, for `add` and `refresh`. */
  mark(): number {
    return this.generation;
  }

  /** The stream while it is held and trusted: its heartbeat is recent, and the database said yes recently. */
  get(id: string, now = Date.now()): LiveStream | undefined {
    const s = this.table.get(id);
    if (!s) return undefined;
    if (now - s.lastBeatAt > STREAM_EXPIRY_SECONDS * 1000 || now - s.checkedAt > LIVE_STREAM_TRUST_MS) {
      this.table.delete(id);
      return undefined;
    }
    return s;
  }

  /** Keeps a stream the database said yes to after `since` (a `mark()`), unless something it carries was dropped. */
  add(stream: LiveStream, since: number): void {
    if (this.droppedSince(stream, since)) return;
    this.table.set(stream.id, stream);
  }

  /** A heartbeat checked the stream and its sign-in again: its entry, if held, counts from now. */
  refresh(id: string, at: number, since: number): void {
    const s = this.table.peek(id);
    if (!s || this.droppedSince(s, since)) return;
    s.lastBeatAt = Math.max(s.lastBeatAt, at);
    s.checkedAt = Math.max(s.checkedAt, at);
  }

  /** Something named by `tags` changed (committed): its entries go here at once, then on every other instance. */
  async drop(tags: string[]): Promise<void> {
    if (!tags.length) return;
    this.forget(tags);
    await this.publish(tags);
  }

  private droppedSince(stream: LiveStream, since: number): boolean {
    if (since < this.floor) return true;
    return tagsOf(stream).some((t) => (this.dropped.get(t)?.generation ?? -1) > since);
  }

  /** Drops the entries carrying any of `tags` on this instance (a drop of its own, or another instance's). */
  private forget(tags: readonly string[]): void {
    const at = Date.now();
    const generation = ++this.generation;
    const wide: string[] = [];
    for (const t of tags) {
      this.dropped.delete(t); // re-inserted last: the map stays in the order of the drops
      this.dropped.set(t, { generation, at });
      if (t.startsWith('stream:')) this.table.delete(t.slice('stream:'.length));
      else wide.push(t);
    }
    if (wide.length) {
      // Rare (a device removed, a sign-out): a walk over the table, which holds one entry per playing stream.
      const names = new Set(wide);
      const gone = [...this.table.entries()].filter(([, s]) => tagsOf(s).some((t) => names.has(t)));
      for (const [id] of gone) this.table.delete(id);
    }
    for (const [t, d] of this.dropped) {
      if (at - d.at <= DROPS_KEPT_MS && this.dropped.size <= MAX_DROPS_KEPT) break;
      this.dropped.delete(t);
      this.floor = Math.max(this.floor, d.generation);
    }
  }

  /** Forgets everything (the bus reconnected and may have missed drops). */
  clear(): void {
    this.floor = ++this.generation;
    this.table.clear();
    this.dropped.clear();
  }
}
