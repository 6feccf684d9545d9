import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** sessionStorage: each history entry's last scroll position, so a reload or a return from another site keeps it. */
const STORE = 'scroll-positions';

function readPositions(): Record<string, number> {
  try {
    const value = JSON.parse(sessionStorage.getItem(STORE) ?? '{}') as unknown;
    return value && typeof value === 'object' ? (value as Record<string, number>) : {};
  } catch {
    return {};
  }
}

function scrollToHash(hash: string): boolean {
  let id = hash.slice(1);
  try {
    id = decodeURIComponent(id);
  } catch {
    /* a malformed escape: the id as written */
  }
  const target = id ? document.getElementById(id) : null;
  target?.scrollIntoView();
  return target !== null;
}

/**
 * Every page's scroll as a person expects it: a new page opens at the top, or at its #anchor; back and forward
 * return each page to where the person left it (kept per history entry as they scroll, and across a reload). The
 * browser's own restoration is off, since the app changes pages without loading them.
 */
export function ScrollRestorer() {
  const location = useLocation();
  const navigation = useNavigationType();
  const current = useRef(location.key);
  const positions = useRef<Record<string, number> | null>(null);
  /** The entry (key and hash) last scrolled for: React's development re-run of an effect does nothing twice. */
  const handled = useRef<string | null>(null);

  useEffect(() => {
    positions.current ??= readPositions();
    window.history.scrollRestoration = 'manual';
    const record = () => {
      positions.current![current.current] = window.scrollY;
    };
    const save = () => {
      try {
        sessionStorage.setItem(STORE, JSON.stringify(positions.current));
      } catch {
        /* storage refused: positions last for this page's life */
      }
    };
    window.addEventListener('scroll', record, { passive: true });
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('scroll', record);
      window.removeEventListener('pagehide', save);
    };
  }, []);

  useLayoutEffect(() => {
    const entry = `${location.key}${location.hash}`;
    if (handled.current === entry) return;
    const initial = handled.current === null;
    handled.current = entry;
    positions.current ??= readPositions();
    current.current = location.key;
    const saved = positions.current[location.key];
    if (navigation === 'POP' && saved !== undefined) window.scrollTo(0, saved);
    else if (location.hash && scrollToHash(location.hash)) return;
    else if (!initial) window.scrollTo(0, 0);
  }, [location.key, location.hash, navigation]);

  return null;
}
