import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useT } from '@/lib/i18n/index.ts';
import './data-table.css';

/**
 * One column of a DataTable: its header and what a row shows under it. `title`: on a phone this cell is the heading of
 * the row's card instead of a labelled line.
 */
export type Column<T> = { head: string; cell: (row: T) => ReactNode; title?: boolean };

/**
 * A plain table of `rows`, one cell per column, in the scrolling wrapper of the tutor screens; on a phone each row is a
 * card of labelled lines (`.table-cards`).
 */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
}: {
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T, index: number) => string | number;
}) {
  return (
    <TableScroll>
      <table className="table table-cards">
        <thead>
          <tr>
            {columns.map((col) => (
              <th key={col.head} scope="col">
                {col.head}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={rowKey(row, i)}>
              {columns.map((col) =>
                col.title ? (
                  <td key={col.head} className="table-card-title">
                    {col.cell(row)}
                  </td>
                ) : (
                  <td key={col.head} data-label={col.head}>
                    {col.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** Which sides of a box that scrolls sideways have more to show. */
type More = { left: boolean; right: boolean };

/**
 * The scrolling box of a table wider than its place: while columns lie past an edge it says so above the table
 * ("Scroll sideways for more columns") and shades that edge, and the box can be focused and scrolled by keyboard,
 * named by `label`.
 */
export function TableScroll({ label, children }: { label?: string; children: ReactNode }) {
  const t = useT();
  const box = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState<More>({ left: false, right: false });
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => {
      const left = el.scrollLeft > 1;
      const right = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
      setMore((m) => (m.left === left && m.right === right ? m : { left, right }));
    };
    measure();
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    resized?.observe(el);
    if (el.firstElementChild) resized?.observe(el.firstElementChild);
    el.addEventListener('scroll', measure, { passive: true });
    return () => {
      resized?.disconnect();
      el.removeEventListener('scroll', measure);
    };
  }, []);
  const scrolls = more.left || more.right;
  return (
    <div className="table-scroll">
      {scrolls && (
        <p className="scroll-cue" aria-hidden="true">
          {more.left && !more.right ? t('table.scrollBack') : t('table.scrollMore')}
        </p>
      )}
      <div
        className="table-scroll-box"
        data-more-left={more.left || undefined}
        data-more-right={more.right || undefined}
      >
        <div
          ref={box}
          className="table-wrap"
          role={scrolls ? 'region' : undefined}
          aria-label={scrolls ? (label ?? t('table.label')) : undefined}
          tabIndex={scrolls ? 0 : undefined}
        >
          {children}
        </div>
      </div>
    </div>
  );
}
