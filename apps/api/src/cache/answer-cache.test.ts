import { describe, expect, it } from 'vitest';
import { gzipSync } from 'node:zlib';
import { AnswerCache, matchesEtag, ownBytes } from './answer-cache.ts';

const bytes = (n: number) => Buffer.alloc(n, 'a');

describe('AnswerCache', () => {
  it('drops exactly the entries carrying an invalidated tag', () => {
    const c = new AnswerCache(1024 * 1024);
    const g = c.generation;
    c.store('list|0', bytes(10), ['list:*', 'course:1', 'course:2'], g);
    c.store('course|1', bytes(10), ['course:1'], g);
    c.store('course|3', bytes(10), ['course:3'], g);
    c.invalidate(['course:1']);
    expect(c.get('list|0')).toBeUndefined();
    expect(c.get('course|1')).toBeUndefined();
    expect(c.get('course|3')).toBeDefined();
  });

  it('finds every entry of a tag as entries carrying it come, go and are stored again', () => {
    const c = new AnswerCache(1024 * 1024);
    const g = () => c.generation;
    c.store('course|1', bytes(10), ['course:1'], g());
    c.store('course|1', bytes(11), ['course:1'], g()); // the same answer stored again
    c.store('list|0', bytes(10), ['list:*', 'course:1'], g());
    c.store('list|1', bytes(10), ['list:*', 'course:1', 'course:2'], g());
    c.invalidate(['list:*']); // course:1 back to one entry
    expect(c.get('course|1')?.body.length).toBe(11);
    c.store('list|2', bytes(10), ['course:1'], g()); // and two again
    c.invalidate(['course:1']);
    expect([c.get('course|1'), c.get('list|2')]).toEqual([undefined, undefined]);
    // Nothing of those entries is left under a tag: storing under one and dropping another touches only its own.
    c.store('course|2', bytes(10), ['course:2'], g());
    c.invalidate(['course:1', 'list:*']);
    expect(c.get('course|2')).toBeDefined();
    c.invalidate(['course:2']);
    expect(c.get('course|2')).toBeUndefined();
  });

  it('does not store an answer computed while an invalidation happened', () => {
    const c = new AnswerCache(1024 * 1024);
    const since = c.generation;
    c.invalidate(['course:9']); // a write committed while the answer was being read
    c.store('course|9', bytes(10), ['course:9'], since);
    expect(c.get('course|9')).toBeUndefined();
  });

  it('keeps within its byte budget, evicting the least recently used', () => {
    const c = new AnswerCache(10_000);
    const g = c.generation;
    for (let i = 0; i < 20; i++) c.store(`k${i}`, bytes(1000), [`t${i}`], g);
    expect(c.bytes).toBeLessThanOrEqual(10_000);
    expect(c.get('k0')).toBeUndefined();
    expect(c.get('k19')).toBeDefined();
    // Evicted entries leave the tag index too: invalidating their tags finds nothing to do.
    c.invalidate(['t0']);
    expect(c.get('k19')).toBeDefined();
  });

  it('stores nothing with a budget of 0', () => {
    const c = new AnswerCache(0);
    c.store('k', bytes(10), [], c.generation);
    expect(c.get('k')).toBeUndefined();
  });

  it('matches If-None-Match lists, weak or strong', () => {
    expect(matchesEtag('W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('"x", "abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('*', 'W/"abc"')).toBe(true);
    expect(matchesEtag('"abd"', 'W/"abc"')).toBe(false);
    expect(matchesEtag(undefined, 'W/"abc"')).toBe(false);
  });

  it('keeps small answers and compressed copies in memory of their own, not in a shared slab', () => {
    const detail = JSON.stringify({ title: 'A course', text: 'x'.repeat(1400) });
    // What the cache must not keep: slices of an 8 KB (Buffer.from) or 16 KB (zlib) buffer.
    expect(Buffer.from(detail).buffer.byteLength).toBeGreaterThan(Buffer.byteLength(detail));
    const compressed = gzipSync(detail);
    expect(compressed.buffer.byteLength).toBeGreaterThan(compressed.length);
    for (const [kept, from] of [
      [ownBytes(detail), Buffer.from(detail)],
      [ownBytes(compressed), compressed],
    ] as const) {
      expect(kept.equals(from)).toBe(true);
      expect(kept.byteOffset).toBe(0);
      expect(kept.buffer.byteLength).toBe(kept.length);
    }
    const exact = Buffer.allocUnsafeSlow(10).fill(1);
    expect(ownBytes(exact)).toBe(exact);
  });
});
