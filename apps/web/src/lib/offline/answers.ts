import { API_BASE } from '@app/contract/endpoints';
import { opPath } from '@app/contract/operation-routes';
import { getToken } from '@/lib/session.ts';
import { answerKey, API_CACHE } from './paths.ts';

/**
 * Keeps an answer the app needs offline in the cache the service worker answers from when the network is gone.
 * The worker keeps the answers it sees pass too; this covers a page the worker did not control yet (a first visit).
 */
export async function keepAnswer(path: string, answer: unknown, courseId?: number): Promise<void> {
  const token = getToken();
  if (!token || !('caches' in window)) return;
  const key = await answerKey(new URL(`${API_BASE}${path}`, location.href).href, token, courseId);
  const cache = await caches.open(API_CACHE);
  await cache.put(
    key,
    new Response(JSON.stringify(answer), { headers: { 'Content-Type': 'application/json' } }),
  );
}

export const keepCourseAnswer = (id: number, answer: unknown) =>
  keepAnswer(opPath('singleCourse', { id }), answer);
export const keepMyCourses = (answer: unknown) => keepAnswer(opPath('userAllCourses'), answer);
