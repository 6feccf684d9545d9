import { useSyncExternalStore } from 'react';
import { KEYS } from './storage-keys.ts';

/**
 * A cart line as kept in the browser (spec §3): course id, name and price in naira (what it cost when added). Added
 * in a sale, it also keeps the course's `nairaPrice` and `salePrice`, so the line shows the sale as the cards do.
 */
export type CartItem = {
  id: number;
  name: string;
  price: number;
  nairaPrice?: number;
  salePrice?: number | null;
  /** A seat in this cohort of the course (docs/cohorts.md): the checkout sends it as `cohortId`. */
  cohortId?: number;
  cohortName?: string;
};

const listeners = new Set<() => void>();
// Read from storage when first asked for (main.tsx asks in a task of its own before hydrating): a page's first read
// of localStorage costs a phone several milliseconds, which would lengthen the task that evaluates the app.
let stored: CartItem[] | null = null;
const loaded = (): CartItem[] => (stored ??= load());

/** An empty cart, always the same one: the server's render and the hydration's, so an empty cart renders nothing again. */
const EMPTY: CartItem[] = [];

function load(): CartItem[] {
  const items = read();
  return items.length ? items : EMPTY;
}

function read(): CartItem[] {
  try {
    const raw = JSON.parse(localStorage.getItem(KEYS.cart) ?? '[]') as unknown;
    return Array.isArray(raw)
      ? raw
          .filter(
            (i): i is CartItem =>
              typeof i?.id === 'number' && typeof i?.name === 'string' && typeof i?.price === 'number',
          )
          .map(({ id, name, price, nairaPrice, salePrice, cohortId, cohortName }) => ({
            ...(typeof nairaPrice === 'number'
              ? { id, name, price, nairaPrice, salePrice: typeof salePrice === 'number' ? salePrice : null }
              : { id, name, price }),
            ...(typeof cohortId === 'number' && typeof cohortName === 'string'
              ? { cohortId, cohortName }
              : {}),
          }))
      : [];
  } catch {
    return [];
  }
}

function save(next: CartItem[]) {
  stored = next;
  localStorage.setItem(KEYS.cart, JSON.stringify(next));
  listeners.forEach((l) => l());
}

/** The cart store: loaded from storage when first read; every change is persisted. */
export const cart = {
  items: loaded,
  /** Refused (returns false) when the same course id is already in the cart. */
  add(item: CartItem): boolean {
    const items = loaded();
    if (items.some((i) => i.id === item.id)) return false;
    save([...items, item]);
    return true;
  },
  /** The course's line becomes `item` (a seat chosen for a course already in the cart). */
  replace(item: CartItem) {
    save(loaded().map((i) => (i.id === item.id ? item : i)));
  },
  removeAt(index: number) {
    save(loaded().filter((_, i) => i !== index));
  },
  clear() {
    save([]);
  },
  total: () => loaded().reduce((sum, i) => sum + i.price, 0),
  /** Re-reads storage (after logout cleared it, or another tab changed it). */
  reload() {
    stored = load();
    listeners.forEach((l) => l());
  },
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === KEYS.cart) cart.reload();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

const empty = () => EMPTY;

/** The cart, re-rendering on change; empty in the server's render and the browser's hydration of it (a guest's). */
export function useCart(): CartItem[] {
  return useSyncExternalStore(subscribe, cart.items, empty);
}
