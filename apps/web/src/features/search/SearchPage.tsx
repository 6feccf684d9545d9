import { useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from '@/components/Link.tsx';
import { FEATURED_CATEGORY_TILES, type TSearchSort } from '@app/contract/catalogue';
import {
  SEARCH_MAX_RESULTS,
  SEARCH_MIN_RATINGS,
  searchHitCard,
  searchPageCount,
} from '@app/contract/search-page';
import { CourseCard } from '@/components/CourseCard.tsx';
import { Pager } from '@/components/Pager.tsx';
import { LanguageFilter } from '@/components/LanguageFilter.tsx';
import { ApiError } from '@/lib/api.ts';
import { readSearchParams, useSearchPage, writeSearchParams, type SearchParams } from './api/search-page.ts';
import { categoryName } from '@/lib/i18n/categories.ts';
import { useT, type Translate } from '@/lib/i18n/index.ts';
import { formatCount } from '@/lib/i18n/format.ts';
import './search.css';
import { translateRefusal } from '@/lib/i18n/refusals.ts';

/** The sort choices' words, by the contract's sort values. */
const SORT_LABELS: Record<TSearchSort, string> = {
  relevance: 'search.page.sort.relevance',
  newest: 'search.page.sort.newest',
  priceAsc: 'search.page.sort.priceAsc',
  priceDesc: 'search.page.sort.priceDesc',
  rating: 'search.page.sort.rating',
};

/** '12 courses' (1,000+ at the most), after 'Showing results for "x".' when the search was corrected. */
function countText(t: Translate, total: number, corrected?: string): string {
  const count =
    total >= SEARCH_MAX_RESULTS
      ? t('search.page.countMax', { count: formatCount(SEARCH_MAX_RESULTS) })
      : t('search.page.count', { count: total });
  return corrected ? `${t('search.page.corrected', { corrected })} ${count}` : count;
}

/**
 * `/search?q=…`: paged result cards with filters (category, price range, minimum rating) and a sort; everything is
 * in the URL so a search can be shared or reloaded. On a phone the filters fold behind a Filters button, so the
 * results are on the first screen: the style sheet shows that button and folds the form by the screen's width (the
 * same markup on the server and in the browser).
 */
export default function SearchPage() {
  const t = useT();
  const id = useId();
  const [params, setParams] = useSearchParams();
  const s = readSearchParams(params);
  const results = useSearchPage(s);
  const top = useRef<HTMLElement>(null);
  // Folded on a phone once there is something to show; open while there is no search yet.
  const [filtersOpen, setFiltersOpen] = useState(() => !s.q);
  const update = (change: Partial<SearchParams>) =>
    setParams(writeSearchParams({ ...s, page: 0, ...change }), { preventScrollReset: true });

  const data = results.data;
  const hits = data?.coursesDtos ?? [];
  const corrected = data?.correctedSearch;

  return (
    <section className="page search-page" ref={top}>
      <h1>{s.q ? t('search.page.resultsFor', { q: s.q }) : t('search.page.title')}</h1>
      <button
        type="button"
        className="btn btn-outline search-filters-toggle"
        aria-expanded={filtersOpen}
        aria-controls={`${id}-filters`}
        onClick={() => setFiltersOpen((o) => !o)}
      >
        {t('search.page.filters')}
      </button>
      <form
        key={params.toString()}
        id={`${id}-filters`}
        className={`card search-filters${filtersOpen ? '' : ' search-filters-fold'}`}
        aria-label={t('search.page.filters')}
        onSubmit={(e) => {
          e.preventDefault();
          setFiltersOpen(false);
          const f = new FormData(e.currentTarget);
          const n = (k: string) => {
            const v = String(f.get(k) ?? '').trim();
            return v === '' || !Number.isFinite(Number(v)) ? undefined : Number(v);
          };
          update({
            q: String(f.get('q') ?? '').trim(),
            category: String(f.get('category') ?? '') || undefined,
            minPrice: n('minPrice'),
            maxPrice: n('maxPrice'),
            minRating: n('minRating'),
            language: String(f.get('language') ?? '') || undefined,
            sort: String(f.get('sort') ?? 'relevance') as TSearchSort,
          });
        }}
      >
        <div className="search-field search-field-wide">
          <label htmlFor={`${id}-q`}>{t('search.page.title')}</label>
          <input id={`${id}-q`} name="q" type="search" defaultValue={s.q} />
        </div>
        <div className="search-field">
          <label htmlFor={`${id}-category`}>{t('search.page.category')}</label>
          <select id={`${id}-category`} name="category" defaultValue={s.category ?? ''}>
            <option value="">{t('search.page.allCategories')}</option>
            {FEATURED_CATEGORY_TILES.map((c) => (
              <option key={c.code} value={c.code}>
                {categoryName(t, c.code)}
              </option>
            ))}
          </select>
        </div>
        <div className="search-field">
          <label htmlFor={`${id}-min`}>{t('search.page.minPrice')}</label>
          <input id={`${id}-min`} name="minPrice" type="number" min="0" defaultValue={s.minPrice ?? ''} />
        </div>
        <div className="search-field">
          <label htmlFor={`${id}-max`}>{t('search.page.maxPrice')}</label>
          <input id={`${id}-max`} name="maxPrice" type="number" min="0" defaultValue={s.maxPrice ?? ''} />
        </div>
        <div className="search-field">
          <label htmlFor={`${id}-rating`}>{t('search.page.minRating')}</label>
          <select id={`${id}-rating`} name="minRating" defaultValue={s.minRating ?? ''}>
            <option value="">{t('search.page.anyRating')}</option>
            {SEARCH_MIN_RATINGS.map((r) => (
              <option key={r} value={r}>
                {t('search.page.ratingChoice', { stars: r })}
              </option>
            ))}
          </select>
        </div>
        <div className="search-field">
          <label htmlFor={`${id}-language`}>{t('language.label')}</label>
          <LanguageFilter id={`${id}-language`} value={s.language} />
        </div>
        <div className="search-field">
          <label htmlFor={`${id}-sort`}>{t('search.page.sortBy')}</label>
          <select id={`${id}-sort`} name="sort" defaultValue={s.sort}>
            {Object.entries(SORT_LABELS).map(([value, key]) => (
              <option key={value} value={value}>
                {t(key)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn">
          {t('search.page.apply')}
        </button>
      </form>

      {!s.q && <p className="muted">{t('search.page.hint')}</p>}
      {s.q && results.isPending && <p className="page-loading">{t('common.loading')}</p>}
      {results.isError && (
        <p className="empty-state" role="alert">
          {results.error instanceof ApiError && results.error.status === 400
            ? translateRefusal(results.error.message)
            : t('search.page.failed')}
        </p>
      )}
      {data && hits.length === 0 && (
        <div className="empty-state card" role="status">
          <p>{t('search.page.noResults', { q: s.q })}</p>
          {corrected && (
            <p>
              {t('search.page.didYouMean')}{' '}
              <Link to={`/search?${writeSearchParams({ ...s, q: corrected, page: 0 })}`}>{corrected}</Link>?
            </p>
          )}
        </div>
      )}
      {data && hits.length > 0 && (
        <>
          <p className="muted" role="status">
            {countText(t, data.totalData, corrected)}
          </p>
          <h2 className="visually-hidden">{t('search.page.courses')}</h2>
          <div className="grid" aria-busy={results.isFetching}>
            {hits.map((h, i) => (
              <CourseCard
                key={h.id}
                // The first picture of the first page is likely the largest paint: fetched at once, first.
                priority={i === 0 && s.page === 0}
                course={searchHitCard(h)}
              />
            ))}
          </div>
        </>
      )}
      <Pager
        page={s.page}
        pageCount={searchPageCount(data?.totalData ?? 0)}
        onChange={(p) => {
          setParams(writeSearchParams({ ...s, page: p }), { preventScrollReset: true });
          top.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
        }}
      />
    </section>
  );
}
