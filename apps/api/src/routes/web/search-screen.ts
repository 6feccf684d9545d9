import { FEATURED_CATEGORY_TILES } from '@app/contract/catalogue';
import type { TSearchResponse } from '@app/contract/courses';
import {
  noResultsText,
  ratingChoiceLabel,
  SEARCH_HINT,
  SEARCH_MIN_RATINGS,
  SEARCH_SORT_LABELS,
  searchHeading,
  searchCountText,
  searchPageCount,
  searchHitCard,
  writeSearchParams,
  type SearchParams,
} from '@app/contract/search-page';
import { attr, courseCard, pager, UNTIL_APP } from './first-screen.ts';
import { escapeHtml } from './head.ts';

/**
 * The search page's first screen as plain HTML, put inside the root by the server: the heading, the filters, the
 * count and the page's result cards (the first one's image fetched first). The markup and classes mirror apps/web's
 * SearchPage closely enough to take the same space, so nothing moves when React replaces it at its first render.
 *
 * SearchPage folds the filters behind a Filters button on a phone once there is a search, deciding by a media query
 * in script; here both are in the page and search.css shows the one that fits the screen (`search-filters-fold`).
 * Without JavaScript the form still searches: it is a GET of /search with the same names the page reads.
 */

const option = (value: string, label: string, selected: boolean) =>
  `<option value="${escapeHtml(value)}"${selected ? ' selected' : ''}>${escapeHtml(label)}</option>`;

const field = (id: string, label: string, control: string, wide = false) =>
  `<div class="search-field${wide ? ' search-field-wide' : ''}"><label for="search-${id}">${label}</label>${control}</div>`;

const numberInput = (id: string, name: string, value: number | undefined) =>
  `<input id="search-${id}" name="${name}" type="number" min="0"${attr('value', value?.toString())} />`;

function filters(s: SearchParams, folds: boolean): string {
  const categories = [
    option('', 'All categories', !s.category),
    ...FEATURED_CATEGORY_TILES.map((c) => option(c.code, c.label, s.category === c.code)),
  ].join('');
  const ratings = [
    option('', 'Any rating', s.minRating === undefined),
    ...SEARCH_MIN_RATINGS.map((r) => option(String(r), ratingChoiceLabel(r), s.minRating === r)),
  ].join('');
  const sorts = Object.entries(SEARCH_SORT_LABELS)
    .map(([value, label]) => option(value, label, s.sort === value))
    .join('');
  return (
    `<form action="/search" method="get" class="card search-filters${folds ? ' search-filters-fold' : ''}" aria-label="Filters">` +
    field('q', 'Search', `<input id="search-q" name="q" type="search"${attr('value', s.q)} />`, true) +
    field('category', 'Category', `<select id="search-category" name="category">${categories}</select>`) +
    field('min', 'Min price (₦)', numberInput('min', 'minPrice', s.minPrice)) +
    field('max', 'Max price (₦)', numberInput('max', 'maxPrice', s.maxPrice)) +
    field('rating', 'Minimum rating', `<select id="search-rating" name="minRating">${ratings}</select>`) +
    field('sort', 'Sort by', `<select id="search-sort" name="sort">${sorts}</select>`) +
    '<button type="submit" class="btn">Apply</button></form>'
  );
}

function results(s: SearchParams, answer: TSearchResponse): string {
  const hits = answer.coursesDtos;
  const corrected = answer.correctedSearch;
  if (hits.length === 0) {
    const suggestion = corrected
      ? `<p>Did you mean <a href="/search?${escapeHtml(writeSearchParams({ ...s, q: corrected, page: 0 }))}">${escapeHtml(corrected)}</a>?</p>`
      : '';
    return `<div class="empty-state card" role="status"><p>${noResultsText(escapeHtml(s.q))}</p>${suggestion}</div>`;
  }
  const cards = hits.map((h, i) => courseCard(searchHitCard(h), i === 0 && s.page === 0));
  return (
    `<p class="muted" role="status">${escapeHtml(searchCountText(answer.totalData, corrected))}</p>` +
    `<h2 class="visually-hidden">Courses</h2><div class="grid" aria-busy="false">${cards.join('')}</div>`
  );
}

/**
 * SearchPage inside the Frame's <main> for the page's state `s`: with a search, its answer's results (or the empty
 * text) and the pager; without one (`answer` null), the unfolded filters and the hint.
 */
export function searchFirstScreen(s: SearchParams, answer: TSearchResponse | null): string {
  // Open while there is no search yet, as SearchPage starts it.
  const folds = answer !== null;
  const head =
    `<main id="main"><section class="page search-page"><h1>${escapeHtml(searchHeading(s.q))}</h1>` +
    `<button type="button" class="btn btn-outline search-filters-toggle" aria-expanded="${!folds}"${UNTIL_APP}>Filters</button>` +
    filters(s, folds);
  if (!answer) return `${head}<p class="muted">${SEARCH_HINT}</p></section></main>`;
  return `${head}${results(s, answer)}${pager(searchPageCount(answer.totalData), s.page)}</section></main>`;
}
