import { LRUCache } from 'lru-cache';

/**
 * Tokens whose signature was checked (or that this process signed), remembered by the secret that checked them and
 * then by the token's exact string, the last `max` of them: only the very string that passed is found, so a hit is
 * as good as the check. The caller still compares the token's expiry on every use.
 */
export function checkedTokenMemo<V extends object>(max: number): (secret: string) => LRUCache<string, V> {
  const bySecret = new Map<string, LRUCache<string, V>>();
  return (secret) => {
    let memo = bySecret.get(secret);
    if (!memo) bySecret.set(secret, (memo = new LRUCache<string, V>({ max })));
    return memo;
  };
}
