import { afterEach, expect, it, vi } from 'vitest';
import { freshEachTest } from '@/test/render-with-app.tsx';
import { saveProgress } from './progress.ts';

const queued = vi.hoisted(() => [] as unknown[]);
vi.mock('@/lib/offline/progress-queue.ts', () => ({
  queueProgress: (body: unknown) => Promise.resolve(void queued.push(body)),
}));

freshEachTest({ session: 'user' });
afterEach(() => {
  queued.length = 0;
  vi.restoreAllMocks();
});

const body = { courseId: 4, seriesId: 9, positionSeconds: 42 };
const answer = (status: number) =>
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(
    new Response(JSON.stringify({ responseDto: { code: status === 200 ? 'dk00' : 'dk401', message: 'x' } }), {
      status,
    }),
  );

it('keeps a save the server refused because the session ended, to send after the next login', async () => {
  answer(401);
  expect(await saveProgress(body)).toBeNull();
  expect(queued).toEqual([body]);
});

it('keeps a save that found no connection', async () => {
  vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
  expect(await saveProgress(body)).toBeNull();
  expect(queued).toEqual([body]);
});

it('drops a save the server refused for another reason (it would be refused again)', async () => {
  answer(400);
  expect(await saveProgress(body)).toBeNull();
  expect(queued).toEqual([]);
});
