import { PRELOAD_ELEMENT_ID, preloadKey } from '@app/contract/endpoints';

let answers: Record<string, unknown> | null = null;

function load(): Record<string, unknown> {
  if (answers) return answers;
  answers = {};
  const el = typeof document === 'undefined' ? null : document.getElementById(PRELOAD_ELEMENT_ID);
  if (el?.textContent) {
    try {
      answers = JSON.parse(el.textContent) as Record<string, unknown>;
    } catch {
      /* a broken embed only costs the round trip it was meant to save */
    }
    el.remove();
  }
  return answers;
}

/**
 * The answer the server embedded in the page for this anonymous call, taken once: the first screen shows
 * without a second round trip, and every later call (a refetch, the next page) goes to the server.
 */
export function takePreloaded(method: string, path: string, body: unknown): unknown {
  const all = load();
  const key = preloadKey(method, path, body);
  if (!(key in all)) return undefined;
  const answer = all[key];
  delete all[key];
  return answer;
}
