import { useQuery } from '@tanstack/react-query';
import { SEARCH_MIN_LENGTH } from '@app/contract/catalogue';
import { callOp } from '@/lib/api.ts';

/** Keys of the header search's results, one per term. */
export const searchBoxKeys = {
  all: ['course-search'] as const,
  term: (term: string) => [...searchBoxKeys.all, term] as const,
};

/**
 * The header search: first page of 10, sent without the token (spec §7). The sort (relevance, the order the spec's
 * bare call answers in too) asks for the hits' card fields, so the dropdown can show each picture and price.
 */
export const searchCourses = (search: string, signal?: AbortSignal) =>
  callOp('courseSearch', { search, pageSize: 10, pageNo: 0, sort: 'relevance' }, { auth: false, signal });

/**
 * Results for `term` (already debounced). The query is keyed by the term, so an older answer can never replace a
 * newer one, and the fetch is aborted when the term moves on before it answers.
 */
export function useCourseSearch(term: string) {
  return useQuery({
    queryKey: searchBoxKeys.term(term),
    queryFn: ({ signal }) => searchCourses(term, signal),
    enabled: term.length >= SEARCH_MIN_LENGTH,
    select: (res) => res.coursesDtos,
    retry: false,
  });
}
