import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { SEARCH_MIN_LENGTH } from '@app/contract/catalogue';
import { imageSources } from '@app/contract/endpoints';
import { shownPrice, type PriceFields } from '@app/contract/money';
import { useCourseSearch } from './api/search-courses.ts';
import './search.css';
import { useDebounced } from '@/lib/use-debounced.ts';
import { useCloseOnPointerOutside } from '@/lib/use-close-outside.ts';
import { formatNaira } from '@/lib/money.ts';
import { useT } from '@/lib/i18n/index.ts';

export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The header search (spec §2 Search dropdown): from 3 characters, a debounced search whose results drop down under
 * the box, each with its picture and price; a result opens /course/{id}. A combobox: arrow keys move, Enter opens, Escape or a click outside closes.
 */
export function SearchBox() {
  const t = useT();
  const navigate = useNavigate();
  const id = useId();
  const listId = `${id}-results`;
  const box = useRef<HTMLDivElement>(null);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const term = text.trim();
  const debounced = useDebounced(term, SEARCH_DEBOUNCE_MS);
  const long = term.length >= SEARCH_MIN_LENGTH;
  const search = useCourseSearch(debounced);

  useEffect(() => {
    if (search.error) console.error('Search failed', search.error);
  }, [search.error]);

  useCloseOnPointerOutside(box, open, setOpen);

  const waiting = long && (debounced !== term || search.isFetching);
  const results = !waiting && long ? (search.data ?? []) : [];
  const showList = open && long && !search.isError;

  const seeAll = () => {
    setOpen(false);
    setActive(-1);
    void navigate(`/search?${new URLSearchParams({ q: term })}`);
  };

  const choose = (courseId: number) => {
    setOpen(false);
    setText('');
    setActive(-1);
    void navigate(`/course/${courseId}`);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' && results.length > 0) {
      e.preventDefault();
      setOpen(true);
      setActive((a) => (a + 1) % results.length);
    } else if (e.key === 'ArrowUp' && results.length > 0) {
      e.preventDefault();
      setActive((a) => (a <= 0 ? results.length - 1 : a - 1));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const hit = showList ? results[active] : undefined;
      if (hit) choose(hit.id);
      else if (term) seeAll();
    } else if (e.key === 'Escape') {
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <div className="search-box" ref={box}>
      <label htmlFor={`${id}-input`} className="visually-hidden">
        {t('search.label')}
      </label>
      <svg className="search-icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <path
          fill="currentColor"
          d="M10 2a8 8 0 0 1 6.32 12.9l5.39 5.4-1.42 1.4-5.39-5.38A8 8 0 1 1 10 2zm0 2a6 6 0 1 0 0 12 6 6 0 0 0 0-12z"
        />
      </svg>
      <input
        id={`${id}-input`}
        type="search"
        role="combobox"
        placeholder={t('search.placeholder')}
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={showList && active >= 0 ? `${id}-opt-${active}` : undefined}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setActive(-1);
          setOpen(e.target.value.trim().length >= SEARCH_MIN_LENGTH);
        }}
        onFocus={() => setOpen(long)}
        onKeyDown={onKeyDown}
      />
      {showList && (
        <div className="search-dropdown">
          {waiting ? (
            <p className="search-status" role="status">
              {t('common.loading')}
            </p>
          ) : results.length === 0 ? (
            <p className="search-status" role="status">
              {t('search.noCourse')}
            </p>
          ) : null}
          <ul id={listId} role="listbox" aria-label={t('search.results')} hidden={results.length === 0}>
            {results.map((hit, i) => (
              <li
                key={hit.id}
                id={`${id}-opt-${i}`}
                role="option"
                aria-selected={i === active}
                className={i === active ? 'active' : undefined}
                onClick={() => choose(hit.id)}
                onPointerEnter={() => setActive(i)}
              >
                {hit.courseImageUrl ? (
                  <img
                    {...imageSources(hit.courseImageUrl, '64px')}
                    alt=""
                    width={64}
                    height={36}
                    loading="lazy"
                    className="search-hit-image"
                  />
                ) : (
                  <span className="search-hit-image" />
                )}
                <span className="search-hit-text">
                  <strong>{hit.title}</strong>
                  <span>{hit.author}</span>
                </span>
                {hit.nairaPrice !== undefined && (
                  <HitPrice nairaPrice={hit.nairaPrice} salePrice={hit.salePrice} />
                )}
              </li>
            ))}
          </ul>
          {results.length > 0 && (
            <a
              href={`/search?${new URLSearchParams({ q: term })}`}
              className="search-see-all"
              onClick={(e) => {
                e.preventDefault();
                seeAll();
              }}
            >
              {t('search.seeAll')}
            </a>
          )}
        </div>
      )}
    </div>
  );
}

/** A suggestion's price as the cards show it: in a sale, the sale price with the list price struck through. */
function HitPrice(fields: PriceFields) {
  const price = shownPrice(fields);
  return (
    <span className="search-hit-price">
      {price.was !== null && <s className="search-hit-was">{formatNaira(price.was)}</s>}{' '}
      {formatNaira(price.pays)}
    </span>
  );
}
