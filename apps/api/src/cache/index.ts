import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { Db } from '../db/client.ts';
import { AnswerCache, etagOf, linkWindow, matchesEtag, ownBytes, type CachedAnswer } from './answer-cache.ts';
import { InvalidationBus, type Listen } from './bus.ts';
import { cacheLookups } from '../lib/metrics.ts';

export { etagOf, matchesEtag } from './answer-cache.ts';
export type { Listen } from './bus.ts';
export { CardWriter } from './cards.ts';
export { LiveStreams, streamTag, type LiveStream } from './live-streams.ts';
export { registerHttpCaching } from './http.ts';

/**
 * Tags of cached answers. An answer carries the tags of everything it shows; a write invalidates the tags of what
 * it changed:
 * - `course:<id>`: the course's detail and every cached page that shows the course (title, price, outline,
 *   student count, the author's name...);
 * - `list:*` and `list:<category code>`: which courses the catalogue pages hold, and their totals;
 * - `search`: search answers (they depend on the titles and authors of every visible course);
 * - `taxonomy`: course groups and categories.
 */
export const tag = {
  course: (id: number) => `course:${id}`,
  list: (categoryCode?: string) => (categoryCode ? `list:${categoryCode}` : 'list:*'),
  search: 'search',
  taxonomy: 'taxonomy',
} as const;

/**
 * The tags of an answer showing a course: the course's own. A tutor's rename invalidates the tags of their courses
 * (`invalidateTutor`) rather than every answer carrying a tag per tutor too: a page of ten courses is stored and
 * dropped with ten tags instead of twenty, and no tag collects every page showing any course of a prolific tutor.
 */
export const courseTags = (row: { id: number }) => [tag.course(row.id)];

/**
 * What `serve` resolves to: the answer, of type T, went out from the cache. An operation's handler returns it
 * (`opRoute` then sends nothing more), so a cached answer is checked against the operation's answer type too.
 */
export class Served<T> {
  readonly served = true;
  declare readonly answer?: T;
}

/**
 * Values kept in the answer cache (`CatalogueCache.searchMemo`). `generation` is read before the value is worked
 * out and handed back to `store`, which keeps nothing while an invalidation happened in between.
 */
export type Memo<T> = {
  get(key: string): T | undefined;
  generation(): number;
  store(key: string, value: T, since: number): void;
};

/** Compressed copies are kept for answers at least this large (smaller ones go out as they are). */
const COMPRESS_MIN_BYTES = 1024;

/** A table `CatalogueCache.attach` invalidates when other instances say so. */
export type AttachedTable = { invalidate(tags: readonly string[]): void; clear(): void };

export type CatalogueCacheDeps = {
  db: Db;
  redis: Redis | null;
  listen?: Listen;
  log: FastifyBaseLogger;
  maxBytes: number;
  /** What the route serializer does after JSON.stringify (absolute media URLs with CORS_ORIGINS), for `json`. */
  finishJson?: (json: string) => string;
};

/**
 * An answer of type T already serialized from parts that were checked against the contract when they were made
 * (course cards, queries/course-cards.ts); `serve` stores and sends it as it is.
 */
export type JsonOf<T> = string & { readonly answerType?: T };

/**
 * The public catalogue's answer cache (list, category, detail, groups, categories, search) for guests.
 *
 * Reads: `serve(req, reply, key, build)` sends the stored bytes, or builds, serializes (with the route's own
 * response schema), stores and sends them. Only answers that are the same for every caller may go through it;
 * what expires or differs per request (signed media links) is left out and added per request by the `fill` that
 * `build` returns.
 *
 * Writes: a command calls one of the `invalidate…` methods right after its transaction commits. The entries go
 * at once on this instance (so the very next request sees the change) and the tags are published to every other
 * instance (Redis pub/sub or PostgreSQL NOTIFY), which drop them when the message arrives, within milliseconds.
 */
export class CatalogueCache {
  readonly answers: AnswerCache;
  private readonly bus: InvalidationBus;
  private readonly loadingIds = new Map<string, Promise<Int32Array>>();
  private readonly finishJson: (json: string) => string;

  constructor(deps: CatalogueCacheDeps) {
    this.finishJson = deps.finishJson ?? ((json) => json);
    this.answers = new AnswerCache(deps.maxBytes);
    this.bus = new InvalidationBus(deps, (msg) => {
      if ('all' in msg) {
        this.answers.clear();
        for (const table of this.tables.values()) table.clear();
      } else if (msg.scope === undefined) this.answers.invalidate(msg.tags);
      else this.tables.get(msg.scope)?.invalidate(msg.tags);
    });
  }

  private readonly tables = new Map<string, AttachedTable>();

  /**
   * Another table kept per instance and invalidated by tags over the same bus, apart from the answers (their
   * generation does not move): the live streams' (cache/live-streams.ts). Answers the function that sends its tags
   * to the other instances, which hand them to their table of the same `scope`; a reconnected bus clears it.
   */
  attach(scope: string, table: AttachedTable): (tags: string[]) => Promise<void> {
    this.tables.set(scope, table);
    return (tags) => this.bus.publish(tags, scope);
  }

  private readonly memos = new Map<string, Memo<unknown>>();

  /**
   * Values kept like answers under the tag `search`, by key under `prefix`: dropped with every change to what guests
   * can find, on every instance (what guests' searches learnt of each word when a phrase matched nothing,
   * queries/search/search-courses.ts `CorrectionMemo`).
   */
  searchMemo<T>(prefix: string): Memo<T> {
    let memo = this.memos.get(prefix);
    if (!memo) {
      memo = {
        get: (key) => {
          const hit = this.answers.get(`${prefix}|${key}`);
          return hit && (JSON.parse(hit.body.toString('utf8')) as unknown);
        },
        generation: () => this.answers.generation,
        store: (key, value, since) => {
          this.answers.store(`${prefix}|${key}`, ownBytes(JSON.stringify(value)), [tag.search], since);
        },
      };
      this.memos.set(prefix, memo);
    }
    return memo as Memo<T>;
  }

  /** Starts listening for other instances' invalidations. */
  start(): Promise<void> {
    return this.bus.start();
  }

  close(): Promise<void> {
    return this.bus.close();
  }

  /** Drops every cached answer carrying any of `tags`, here and on every other instance. */
  async invalidate(tags: string[]): Promise<void> {
    this.answers.invalidate(tags);
    await this.bus.publish(tags);
  }

  /**
   * A course changed. Always drops its detail and the pages showing it; `listing` (its category code, or codes
   * when it moved) when it joined or left the public lists; `search` when its title or visibility changed.
   */
  invalidateCourse(
    id: number,
    change: { listing?: string | string[]; search?: boolean } = {},
  ): Promise<void> {
    const tags = [tag.course(id)];
    if (change.listing !== undefined) {
      tags.push(tag.list(), ...[change.listing].flat().map((c) => tag.list(c)));
    }
    if (change.search) tags.push(tag.search);
    return this.invalidate(tags);
  }

  /** A tutor's public name changed: every answer showing one of their courses (`courseIds`), and search. */
  invalidateTutor(courseIds: readonly number[]): Promise<void> {
    return this.invalidate([...courseIds.map(tag.course), tag.search]);
  }

  /** Course groups or categories changed. */
  invalidateTaxonomy(): Promise<void> {
    return this.invalidate([tag.taxonomy]);
  }

  /** Everything (bulk changes such as seeding demo data). */
  async invalidateCatalogue(): Promise<void> {
    this.answers.clear();
    await this.bus.publish('all');
  }

  /**
   * Answers from the cache, or builds the answer, stores it and answers. `build` returns the answer and its tags
   * (see `tag`) and, when it may be kept by browsers and proxies, its Cache-Control. Sends JSON bytes with an ETag (304 on a matching If-None-Match) and, when the client accepts it,
   * a brotli or gzip copy made once per entry.
   */
  async serve<T>(
    req: FastifyRequest,
    reply: FastifyReply,
    key: string,
    build: () => Promise<
      ({ answer: T } | { json: JsonOf<T> }) & {
        tags: string[];
        cacheControl?: string;
        /** Adds what must not be shared (signed, expiring media links) to a copy of the answer, per request. */
        fill?: (answer: T) => Promise<void>;
      }
    >,
  ): Promise<Served<T>> {
    let entry = this.answers.get(key);
    reply.header('x-cache', entry ? 'hit' : 'miss');
    cacheLookups.inc({ result: entry ? 'hit' : 'miss' });
    if (!entry) {
      const since = this.answers.generation;
      const built = await build();
      const { tags, cacheControl, fill } = built;
      const json = 'json' in built ? this.finishJson(built.json) : (reply.serialize(built.answer) as string);
      entry = this.answers.store(
        key,
        ownBytes(json),
        tags,
        since,
        cacheControl,
        fill as CachedAnswer['fill'],
      );
    }
    if (entry.fill) {
      // The stored bytes are the shared part; the copy with signed links is made once per link window.
      const window = linkWindow();
      if (entry.filled?.window !== window) {
        const answer: unknown = JSON.parse(entry.body.toString('utf8'));
        await entry.fill(answer);
        // Through the route's serializer, like the stored bytes: with CORS_ORIGINS it makes the links absolute.
        const body = ownBytes(reply.serialize(answer) as string);
        const { tags, cacheControl } = entry;
        entry.filled = { body, etag: etagOf(body), tags, cacheControl, window };
      }
      entry = entry.filled;
    }
    await sendAnswer(req, reply, entry);
    return new Served<T>();
  }

  /** The id list kept under `key` by `ids`, if it is loaded. */
  cachedIds(key: string): Int32Array | undefined {
    const hit = this.answers.get(key);
    return hit && new Int32Array(hit.body.buffer, hit.body.byteOffset, hit.body.length / 4);
  }

  /**
   * An ordered list of course ids (a listing, newest first) kept under `key` with `tags` like an answer, so a deep
   * page is a slice of it instead of an OFFSET that grows with the depth. Loaded once at a time per key.
   */
  async ids(key: string, tags: string[], load: () => Promise<number[]>): Promise<Int32Array> {
    const hit = this.cachedIds(key);
    if (hit) return hit;
    let pending = this.loadingIds.get(key);
    if (!pending) {
      const since = this.answers.generation;
      pending = load()
        .then((list) => {
          const ids = Int32Array.from(list);
          this.answers.store(key, Buffer.from(ids.buffer, ids.byteOffset, ids.byteLength), tags, since);
          return ids;
        })
        .finally(() => this.loadingIds.delete(key));
      this.loadingIds.set(key, pending);
    }
    return pending;
  }

  /**
   * A web page from the cache, or built, stored and sent: `build` renders the document; pages that read the
   * catalogue return the tags of what they show, and only those are kept (other paths are the template alone and
   * not worth an entry each). A page holds guests' signed preview links, so it is reused only within the link
   * window it was made in.
   */
  async servePage(
    req: FastifyRequest,
    reply: FastifyReply,
    key: string,
    build: () => Promise<{ html: string; status: number; tags?: string[] }>,
  ): Promise<void> {
    const window = linkWindow();
    let entry = this.answers.get(key);
    if (entry?.window !== window) entry = undefined;
    reply.header('x-cache', entry ? 'hit' : 'miss');
    cacheLookups.inc({ result: entry ? 'hit' : 'miss' });
    if (!entry) {
      const since = this.answers.generation;
      const { html, status, tags } = await build();
      const body = ownBytes(html);
      entry = tags
        ? this.answers.store(key, body, tags, since, 'no-cache', undefined, { status, window })
        : { body, etag: etagOf(body), tags: [], cacheControl: 'no-cache', status };
    }
    reply.status(entry.status ?? 200);
    await sendAnswer(req, reply, entry, 'text/html; charset=utf-8');
  }
}

/** True when Accept-Encoding offers `name` (and not with q=0). */
const offers = {
  br: /\bbr\b(?!;q=0(\.0*)?\b)/,
  gzip: /\bgzip\b(?!;q=0(\.0*)?\b)/,
};
const accepts = (header: string, name: keyof typeof offers) => offers[name].test(header);

/**
 * Sends stored bytes: ETag (304 on a match for GET), and for 1 KB and more a brotli or gzip copy, made once per
 * entry, when the client accepts it.
 */
function sendAnswer(
  req: FastifyRequest,
  reply: FastifyReply,
  entry: CachedAnswer,
  type = 'application/json; charset=utf-8',
): FastifyReply {
  reply.header('etag', entry.etag).type(type);
  if (entry.cacheControl) reply.header('cache-control', entry.cacheControl);
  if (req.method === 'GET' && matchesEtag(req.headers['if-none-match'], entry.etag))
    return reply.code(304).send();
  if (entry.body.length < COMPRESS_MIN_BYTES) return reply.send(entry.body);
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
  const offered = String(req.headers['accept-encoding'] ?? '');
  if (accepts(offered, 'br')) {
    entry.br ??= ownBytes(
      brotliCompressSync(entry.body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }),
    );
    return reply.header('content-encoding', 'br').send(entry.br);
  }
  if (accepts(offered, 'gzip')) {
    entry.gzip ??= ownBytes(gzipSync(entry.body, { level: 6 }));
    return reply.header('content-encoding', 'gzip').send(entry.gzip);
  }
  return reply.send(entry.body);
}
