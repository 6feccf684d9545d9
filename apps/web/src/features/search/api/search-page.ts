import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { FIRST_OP_ROUTES } from '@app/contract/operation-routes-first';
import type { TSearchResponse } from '@app/contract/courses';
import { searchPageRequest, type SearchParams } from '@app/contract/search-page';
import { callOp } from '@/lib/api.ts';
import { takePreloaded } from '@/lib/preloaded.ts';
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

/** One page of results with card fields (the request always carries a sort, which asks for them). */
export function useSearchPage(s: SearchParams) {
  const body = searchPageRequest(s);
  return useQuery({
    queryKey: searchPageKeys.page(s),
    queryFn: ({ signal }) => callOp('courseSearch', body, { auth: false, signal }),
    // The page the server embedded (the same for everyone: the call goes without the token) is the first render's.
    initialData: () => {
      const route = FIRST_OP_ROUTES.courseSearch;
      return s.q ? (takePreloaded(route.method, route.path, body) as TSearchResponse | undefined) : undefined;
    },
    enabled: s.q.length > 0,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
