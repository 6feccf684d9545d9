import { callOp } from '@/lib/api.ts';

/**
 * THE fetcher of one course. With the token (`loggedIn`, the default) the answer carries what the caller may see
 * of its media; a guest asks the public call.
 */
export function fetchCourse(id: number | string, opts: { loggedIn?: boolean; signal?: AbortSignal } = {}) {
  const { loggedIn = true, signal } = opts;
  return loggedIn
    ? callOp('singleCourse', undefined, { signal, params: { id } })
    : callOp('viewSingleCourse', { courseId: Number(id) }, { auth: false, signal });
}

/**
 * Cache keys of one course's answers. Each screen keys by what changes its answer (who asks), under `all`, so a
 * write to the course drops every copy at once.
 */
export const courseKeys = {
  all: ['course'] as const,
  one: (id: number | string, ...who: (string | boolean)[]) => ['course', String(id), ...who] as const,
};

/**
 * The root of every list of course cards (the catalogue's pages, the search pages): each feature keys its lists
 * under it, so a change to what a card shows (a course's rating) drops them all and nothing else.
 */
export const cardListKeys = { all: ['course-cards'] as const };
