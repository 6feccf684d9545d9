import { useT } from '@/lib/i18n/index.ts';

/** Page numbers shown in full up to this many pages; beyond it, the first, the last and those around the current. */
const SHOWN_IN_FULL = 7;

/**
 * The zero-based pages a pager shows, with 'gap' where it leaves pages out: every page up to SHOWN_IN_FULL, else the
 * first and last pages, the current one with a neighbour each side, and near either end the first or last five.
 * A catalogue of 9,000 pages is a dozen buttons, not 9,000.
 */
export function pagerItems(page: number, pageCount: number): (number | 'gap')[] {
  if (pageCount <= SHOWN_IN_FULL) return Array.from({ length: pageCount }, (_, i) => i);
  const last = pageCount - 1;
  let from = Math.max(1, page - 1);
  let to = Math.min(last - 1, page + 1);
  if (page <= 3) [from, to] = [1, 4];
  if (page >= last - 3) [from, to] = [last - 4, last - 1];
  const middle = Array.from({ length: to - from + 1 }, (_, i) => from + i);
  return [
    0,
    ...(from > 1 ? ['gap' as const] : []),
    ...middle,
    ...(to < last - 1 ? ['gap' as const] : []),
    last,
  ];
}

/** 1-based pager shown under course lists; `page` is zero-based like the API. */
export function Pager({
  page,
  pageCount,
  onChange,
}: {
  page: number;
  pageCount: number;
  onChange: (page: number) => void;
}) {
  const t = useT();
  if (pageCount <= 1) return null;
  return (
    <nav className="pager" aria-label={t('pager.label')}>
      <button
        type="button"
        onClick={() => onChange(page - 1)}
        disabled={page === 0}
        aria-label={t('pager.previous')}
      >
        ‹
      </button>
      {pagerItems(page, pageCount).map((p, i) =>
        p === 'gap' ? (
          <span key={`gap-${i}`} className="pager-gap" aria-hidden="true">
            …
          </span>
        ) : (
          <button
            type="button"
            key={p}
            onClick={() => onChange(p)}
            aria-current={p === page ? 'page' : undefined}
            aria-label={
              p === pageCount - 1 && p > SHOWN_IN_FULL - 1 ? t('pager.last', { n: p + 1 }) : undefined
            }
            className={p === page ? 'active' : undefined}
          >
            {p + 1}
          </button>
        ),
      )}
      <button
        type="button"
        onClick={() => onChange(page + 1)}
        disabled={page >= pageCount - 1}
        aria-label={t('pager.next')}
      >
        ›
      </button>
    </nav>
  );
}
