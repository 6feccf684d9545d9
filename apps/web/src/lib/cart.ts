import { useSyncExternalStore } from 'react';
import { KEYS } from './storage-keys.ts';

/** A cart line as kept in the browser (spec §3): course id, name and price in naira. */
export type CartItem = { id: number; name: string; price: number };

const listeners = new Set<() => void>();
let items: CartItem[] = load();

function load(): CartItem[] {
  try {
    const raw = JSON.parse(localStorage.getItem(KEYS.cart) ?? '[]') as unknown;
    return Array.isArray(raw)
      ? raw.filter(
          (i): i is CartItem =>
            typeof i?.id === 'number' && typeof i?.name === 'string' && typeof i?.price === 'number',
        )
      : [];
  } catch {
    return [];
  }
}

function save(next: CartItem[]) {
  items = next;
  localStorage.setItem(KEYS.cart, JSON.stringify(items));
  listeners.forEach((l) => l());
}

/** The cart store: loaded from storage at start; every change is persisted. */
export const cart = {
  items: () => items,
  /** Refused (returns false) when the same course id is already in the cart. */
  add(item: CartItem): boolean {
    if (items.some((i) => i.id === item.id)) return false;
    save([...items, item]);
    return true;
  },
  removeAt(index: number) {
    save(items.filter((_, i) => i !== index));
  },
  clear() {
    save([]);
  },
  total: () => items.reduce((sum, i) => sum + i.price, 0),
  /** Re-reads storage (after logout cleared it, or another tab changed it). */
  reload() {
    items = load();
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

export function useCart(): CartItem[] {
  return useSyncExternalStore(subscribe, cart.items, cart.items);
}
