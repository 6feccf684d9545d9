import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { searchPageRequest, type SearchParams } from '@app/contract/search-page';
import { callOp } from '@/lib/api.ts';
import { cardListKeys } from '@/lib/queries/course.ts';

export {
  readSearchParams,
  SEARCH_PAGE_SIZE,
  writeSearchParams,
  type SearchParams,
} from '@app/contract/search-page';

/** Keys of the search pages' cards, one per state of the URL. */
export const searchPageKeys = {
  page: (s: SearchParams) => [...cardListKeys.all, 'search', s] as const,
};

/**
 * One page of results with card fields (the request always carries a sort, which asks for them), the same for
 * everyone (the call goes without the token), so the server's render prefetches it.
 */
export function searchPageQuery(s: SearchParams) {
  const body = searchPageRequest(s);
  return queryOptions({
    queryKey: searchPageKeys.page(s),
    queryFn: ({ signal }) => callOp('courseSearch', body, { auth: false, signal }),
    retry: false,
    // A refusal the page was rendered with (a bad filter: the API's message) stays; a new search asks again.
    retryOnMount: false,
  });
}

export function useSearchPage(s: SearchParams) {
  return useQuery({ ...searchPageQuery(s), enabled: s.q.length > 0, placeholderData: keepPreviousData });
}
