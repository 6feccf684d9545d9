import { describe, expect, it } from 'vitest';
import { limitRenders, type Rendered } from './renderer.ts';

describe('limitRenders', () => {
  it('runs at most `max` renders at once, the others in arrival order, and answers each its own page', async () => {
    let running = 0;
    let most = 0;
    const started: string[] = [];
    const release: (() => void)[] = [];
    const render = limitRenders(async (url) => {
      started.push(url);
      running++;
      most = Math.max(most, running);
      await new Promise<void>((resolve) => release.push(resolve));
      running--;
      return { html: url, state: '{}', status: 200 } satisfies Rendered;
    }, 2);
    const pages = ['/a', '/b', '/c', '/d', '/e'].map((u) => render(u, 'en'));
    await new Promise((r) => setTimeout(r, 10));
    expect(started).toEqual(['/a', '/b']);
    // Each finished render lets exactly one more start.
    while (release.length) {
      release.shift()!();
      await new Promise((r) => setTimeout(r, 5));
    }
    expect((await Promise.all(pages)).map((p) => p?.html)).toEqual(['/a', '/b', '/c', '/d', '/e']);
    expect(started).toEqual(['/a', '/b', '/c', '/d', '/e']);
    expect(most).toBe(2);
  });

  it('frees the slot of a render that failed', async () => {
    const render = limitRenders(async (url) => {
      if (url === '/bad') throw new Error('boom');
      return { html: url, state: '{}', status: 200 };
    }, 1);
    await expect(render('/bad', 'en')).rejects.toThrow('boom');
    expect((await render('/good', 'en'))?.html).toBe('/good');
  });
});
