import type { KeyboardEvent, ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import './tabs.css';

type Tab<T extends string> = { id: T; label: string };

/**
 * A tab list whose chosen tab lives in the URL (`?<param>=<id>`; the first tab is the default and leaves the URL
 * clean), so a reload or Back keeps it. Arrow keys, Home and End move between tabs as in every tab list; the chosen
 * tab's panel is `children(id)`.
 */
export function Tabs<T extends string>({
  label,
  param,
  tabs,
  children,
}: {
  label: string;
  param: string;
  tabs: readonly [Tab<T>, ...Tab<T>[]];
  children: (current: T) => ReactNode;
}) {
  const [params, setParams] = useSearchParams();
  const first = tabs[0].id;
  const current = tabs.find((t) => t.id === params.get(param))?.id ?? first;
  const idOf = (id: T) => `tab-${param}-${id}`;

  const choose = (id: T) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (id === first) next.delete(param);
        else next.set(param, id);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const at = tabs.findIndex((t) => t.id === current);
    const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    const next = tabs[(to + tabs.length) % tabs.length]!.id;
    choose(next);
    document.getElementById(idOf(next))?.focus();
  };

  return (
    <>
      <div className="tabs" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {tabs.map((t) => (
          <button
            key={t.id}
            id={idOf(t.id)}
            type="button"
            role="tab"
            aria-selected={current === t.id}
            aria-controls={`${idOf(t.id)}-panel`}
            tabIndex={current === t.id ? 0 : -1}
            className="tab"
            onClick={() => choose(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div id={`${idOf(current)}-panel`} role="tabpanel" aria-labelledby={idOf(current)}>
        {children(current)}
      </div>
    </>
  );
}
