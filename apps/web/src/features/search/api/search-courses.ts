import { useQuery } from '@tanstack/react-query';
import { callOp } from '../../../lib/api.ts';

/** Spec §9: a search starts at 3 characters (SEARCH_MIN_LENGTH of the contract, copied to keep zod out of /). */
export const SEARCH_MIN_LENGTH = 3;

/** The header search: first page of 10, sent without the token (spec §7). */
export const searchCourses = (search: string, signal?: AbortSignal) =>
  callOp('courseSearch', { search, pageSize: 10, pageNo: 0 }, { auth: false, signal });

/**
 * Results for `term` (already debounced). The query is keyed by the term, so an older answer can never replace a
 * newer one, and the fetch is aborted when the term moves on before it answers.
 */
export function useCourseSearch(term: string) {
  return useQuery({
    queryKey: ['course-search', term],
    queryFn: ({ signal }) => searchCourses(term, signal),
    enabled: term.length >= SEARCH_MIN_LENGTH,
    select: (res) => res.coursesDtos,
    retry: false,
  });
}
