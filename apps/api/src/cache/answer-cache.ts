import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { watchAnswerCache } from '../lib/metrics.ts';

/** One stored answer: the serialized bytes as sent, their ETag and the tags that invalidate it. */
export type CachedAnswer = {
  body: Buffer;
  etag: string;
  tags: readonly string[];
  /** Cache-Control to send (default: the server's, `no-cache` for a public GET). */
  cacheControl?: string;
  /** Compressed copies, made on the first request that accepts them. */
  br?: Buffer;
  gzip?: Buffer;
  /**
   * Fills the signed links into a parsed copy of `body`. The filled copy is made once per link window
   * (`linkWindow()`) and kept as `filled`, so guests share it as they share the answer.
   */
  fill?: (answer: unknown) => Promise<void>;
  filled?: CachedAnswer & { window: number };
  /** Set on an answer that holds signed links itself (a page): it is used only within this link window. */
  window?: number;
  /** HTTP status to answer with (pages: 404 for a course that is not public); 200 when unset. */
  status?: number;
};

/**
 * Guests' signed media links (free preview lessons) are valid for hours, but not forever, so an answer holding them
 * is shared only within a window of this length: every link it hands out stays valid for at least the link's TTL
 * minus this.
 */
export const LINK_WINDOW_MS = 10 * 60 * 1000;
export const linkWindow = (now = Date.now()) => Math.floor(now / LINK_WINDOW_MS);

/**
 * Bytes to keep for a long time, in memory of their own. `Buffer.from(string)` cuts anything under 4 KB out of a
 * shared 8 KB slab, and zlib's sync calls hand back a slice of a 16 KB output buffer: a kept 1.5 KB course detail
 * (or its 500-byte brotli copy) would hold the whole slab alive, so a cache full of small answers took several
 * times its byte budget in memory. A buffer that already owns its memory exactly is returned as it is.
 */
export function ownBytes(data: string | Buffer): Buffer {
  if (typeof data !== 'string' && data.byteOffset === 0 && data.buffer.byteLength === data.length)
    return data;
  const size = typeof data === 'string' ? Buffer.byteLength(data) : data.length;
  const own = Buffer.allocUnsafeSlow(size);
  if (typeof data === 'string') own.write(data);
  else data.copy(own);
  return own;
}

/** ETag of a body: weak, since the same bytes may go out identity, brotli or gzip encoded. */
export const etagOf = (body: Buffer | string) =>
  `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`;

/** True when If-None-Match names `etag` (or is `*`); weak and strong forms compare equal. */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (t: string) => t.trim().replace(/^W\//, '');
  const want = bare(etag);
  return header.split(',').some((t) => t.trim() === '*' || bare(t) === want);
}

/** The heap an entry takes besides its bytes (see the size calculation below). */
const ENTRY_BYTES = 832;

/**
 * Serialized answers in an LRU bounded by bytes, invalidated by tag.
 *
 * Every entry carries tags (for example `course:12`, `list:*`, `search`); `invalidate(tags)` drops exactly the
 * entries carrying any of them. `generation` counts invalidations: an answer computed while an invalidation
 * happened (`store(..., since)` with an older generation) is not stored, so a read that raced with a write can
 * never leave the old answer behind.
 */
export class AnswerCache {
  private readonly lru: LRUCache<string, CachedAnswer> | null;
  /**
   * The keys of the entries carrying each tag: the key itself while there is one (most `course:<id>` tags: a course
   * is on one list page and has one detail), a Set from the second: a Set for every tag would take about half as
   * much heap again as the entries themselves (16,000 cached answers, ten course tags each: 21.8 against 14.3 MB).
   */
  private readonly byTag = new Map<string, string | Set<string>>();
  generation = 0;

  constructor(maxBytes: number) {
    this.lru =
      maxBytes > 0
        ? new LRUCache<string, CachedAnswer>({
            maxSize: maxBytes,
            // The body, room for its compressed copies (well under half of it for JSON), the filled copy when it
            // gets one, and the bookkeeping: an entry's objects, key, ETag, tags and buffers' headers take about
            // 0.8 KB of heap (1.2 KB with a filled copy), measured over 20,000 stored details.
            sizeCalculation: (v, k) =>
              Math.ceil(v.body.length * (v.fill ? 3 : 1.5)) +
              k.length * 2 +
              ENTRY_BYTES * (v.fill ? 1.5 : 1) +
              64 * v.tags.length,
            dispose: (v, k) => this.untag(k, v.tags),
          })
        : null;
    watchAnswerCache(this);
  }

  get size() {
    return this.lru?.size ?? 0;
  }

  get bytes() {
    return this.lru?.calculatedSize ?? 0;
  }

  get(key: string): CachedAnswer | undefined {
    return this.lru?.get(key);
  }

  /** Stores an answer unless an invalidation happened since `since` (the generation read before computing it). */
  store(
    key: string,
    body: Buffer,
    tags: readonly string[],
    since: number,
    cacheControl?: string,
    fill?: CachedAnswer['fill'],
    extra?: Pick<CachedAnswer, 'status' | 'window'>,
  ): CachedAnswer {
    const entry: CachedAnswer = { body, etag: etagOf(body), tags, cacheControl, fill, ...extra };
    if (!this.lru || since !== this.generation) return entry;
    this.lru.set(key, entry);
    if (this.lru.peek(key) !== entry) return entry; // larger than the whole budget
    for (const t of tags) {
      const keys = this.byTag.get(t);
      if (keys === undefined) this.byTag.set(t, key);
      else if (typeof keys === 'string') {
        if (keys !== key) this.byTag.set(t, new Set([keys, key]));
      } else keys.add(key);
    }
    return entry;
  }

  /** Drops every entry carrying any of `tags`. */
  invalidate(tags: readonly string[]): void {
    this.generation++;
    if (!this.lru) return;
    for (const t of tags) {
      const keys = this.byTag.get(t);
      if (keys === undefined) continue;
      for (const k of typeof keys === 'string' ? [keys] : [...keys]) this.lru.delete(k);
    }
  }

  clear(): void {
    this.generation++;
    this.lru?.clear();
    this.byTag.clear();
  }

  private untag(key: string, tags: readonly string[]) {
    for (const t of tags) {
      const keys = this.byTag.get(t);
      if (keys === key) this.byTag.delete(t);
      else if (typeof keys === 'object') {
        keys.delete(key);
        if (keys.size === 1) this.byTag.set(t, keys.values().next().value!);
      }
    }
  }
}
