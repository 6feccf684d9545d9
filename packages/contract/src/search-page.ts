// Zod-free: the search page's URL and the request it makes, read by the web's SearchPage and by the server, which
// renders that page and embeds the same answer under the same request.
import { SEARCH_SORTS, type TSearchSort } from './catalogue.ts';
import { LANGUAGE_TAG_PATTERN } from './locales.ts';
import type { TCourseCard, TSearchHit } from './courses.ts';

/** The part of URLSearchParams used here: it is in every runtime the contract runs in, not in its ES-only types. */
interface Query {
  get(name: string): string | null;
  set(name: string, value: string): void;
  toString(): string;
}
declare const URLSearchParams: new (init?: Record<string, string>) => Query;

export const SEARCH_PAGE_SIZE = 12;

/** Hits past this many are not paged through (the pager and the count stop here). */
export const SEARCH_MAX_RESULTS = 1000;

/** The minimum-rating filter's choices (stars and up). */
export const SEARCH_MIN_RATINGS = [4, 3, 2, 1] as const;

/** The search page's state, exactly as it sits in the URL (so a search can be shared). */
export type SearchParams = {
  q: string;
  category?: string;
  minPrice?: number;
  maxPrice?: number;
  minRating?: number;
  /** Only courses taught in this language (a tag: `yo`, `pcm`, ...). */
  language?: string;
  sort: TSearchSort;
  page: number;
};

const num = (v: string | null) =>
  v !== null && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : undefined;

/** A URL's `language` when it is a language tag (anything else is no filter, never a refused search). */
export const languageParam = (v: string | null): string | undefined =>
  v && LANGUAGE_TAG_PATTERN.test(v.trim()) ? v.trim() : undefined;

export function readSearchParams(p: Pick<Query, 'get'>): SearchParams {
  const sort = p.get('sort') as TSearchSort | null;
  return {
    q: (p.get('q') ?? '').trim(),
    category: p.get('category') || undefined,
    minPrice: num(p.get('minPrice')),
    maxPrice: num(p.get('maxPrice')),
    minRating: num(p.get('minRating')),
    language: languageParam(p.get('language')),
    sort: sort && SEARCH_SORTS.includes(sort) ? sort : SEARCH_SORTS[0],
    page: Math.max(0, (num(p.get('page')) ?? 1) - 1),
  };
}

/** Back to the URL's query (without the `?`): defaults are left out, pages are 1-based like the pager. */
export function writeSearchParams(s: SearchParams): string {
  const out = new URLSearchParams({ q: s.q });
  if (s.category) out.set('category', s.category);
  if (s.minPrice !== undefined) out.set('minPrice', String(s.minPrice));
  if (s.maxPrice !== undefined) out.set('maxPrice', String(s.maxPrice));
  if (s.minRating !== undefined) out.set('minRating', String(s.minRating));
  if (s.language) out.set('language', s.language);
  if (s.sort !== 'relevance') out.set('sort', s.sort);
  if (s.page > 0) out.set('page', String(s.page + 1));
  return out.toString();
}

/**
 * POST /course/search's body for one state of the page: always with a sort, which asks for the cards' fields. Filters
 * not set are left out, as JSON leaves them out of the request.
 */
export function searchPageRequest(s: SearchParams) {
  const body = {
    search: s.q,
    pageSize: SEARCH_PAGE_SIZE,
    pageNo: s.page,
    category: s.category,
    minPrice: s.minPrice,
    maxPrice: s.maxPrice,
    minRating: s.minRating,
    language: s.language,
    sort: s.sort,
  };
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) as typeof body;
}

/** How many pages the pager offers for `total` hits. */
export const searchPageCount = (total: number) =>
  Math.ceil(Math.min(total, SEARCH_MAX_RESULTS) / SEARCH_PAGE_SIZE);

/** What a result's card shows (the search page's hits carry the card's fields; a missing one shows as none). */
export const searchHitCard = (h: TSearchHit): TCourseCard => ({
  id: h.id,
  title: h.title,
  author: h.author,
  nairaPrice: h.nairaPrice ?? 0,
  salePrice: h.salePrice ?? null,
  courseImageUrl: h.courseImageUrl ?? '',
  studentCount: h.studentCount ?? 0,
  averageRating: h.averageRating ?? null,
  ratingCount: h.ratingCount ?? 0,
});
