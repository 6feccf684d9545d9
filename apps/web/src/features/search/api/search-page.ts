import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SEARCH_SORTS, type TSearchSort } from '@app/contract/catalogue';
import { callOp } from '@/lib/api.ts';
import { cardListKeys } from '@/lib/queries/course.ts';

export const SEARCH_PAGE_SIZE = 12;

/** The search page's state, exactly as it sits in the URL (so a search can be shared). */
export type SearchParams = {
  q: string;
  category?: string;
  minPrice?: number;
  maxPrice?: number;
  minRating?: number;
  sort: TSearchSort;
  page: number;
};

const num = (v: string | null) =>
  v !== null && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : undefined;

export function readSearchParams(p: URLSearchParams): SearchParams {
  const sort = p.get('sort') as TSearchSort | null;
  return {
    q: (p.get('q') ?? '').trim(),
    category: p.get('category') || undefined,
    minPrice: num(p.get('minPrice')),
    maxPrice: num(p.get('maxPrice')),
    minRating: num(p.get('minRating')),
    sort: sort && SEARCH_SORTS.includes(sort) ? sort : SEARCH_SORTS[0],
    page: Math.max(0, (num(p.get('page')) ?? 1) - 1),
  };
}

/** Back to the URL: defaults are left out, pages are 1-based like the pager. */
export function writeSearchParams(s: SearchParams): URLSearchParams {
  const out = new URLSearchParams({ q: s.q });
  if (s.category) out.set('category', s.category);
  if (s.minPrice !== undefined) out.set('minPrice', String(s.minPrice));
  if (s.maxPrice !== undefined) out.set('maxPrice', String(s.maxPrice));
  if (s.minRating !== undefined) out.set('minRating', String(s.minRating));
  if (s.sort !== 'relevance') out.set('sort', s.sort);
  if (s.page > 0) out.set('page', String(s.page + 1));
  return out;
}

/** Keys of the search pages' cards, one per state of the URL. */
export const searchPageKeys = {
  page: (s: SearchParams) => [...cardListKeys.all, 'search', s] as const,
};

/** One page of results with card fields (the request always carries a sort, which asks for them). */
export function useSearchPage(s: SearchParams) {
  return useQuery({
    queryKey: searchPageKeys.page(s),
    queryFn: ({ signal }) =>
      callOp(
        'courseSearch',
        {
          search: s.q,
          pageSize: SEARCH_PAGE_SIZE,
          pageNo: s.page,
          category: s.category,
          minPrice: s.minPrice,
          maxPrice: s.maxPrice,
          minRating: s.minRating,
          sort: s.sort,
        },
        { auth: false, signal },
      ),
    enabled: s.q.length > 0,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
