import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { QUERY_STATE_ID } from '@app/contract/server-render';
import { ApiError } from './api.ts';

/** A refused call as the server's render writes it into the page (an ApiError does not survive JSON). */
export type SentError = { status: number; message: string; body: unknown };

/**
 * Fills `client` with the answers the server's render used for this page (its dehydrated state, in the page as
 * JSON), refusals included (an unknown course), so the browser's first render is the server's. False when the page
 * carries none (a page the browser renders alone).
 */
export function hydrateQueryState(client: QueryClient): boolean {
  const el = document.getElementById(QUERY_STATE_ID);
  if (!el?.textContent) return false;
  const state = JSON.parse(el.textContent) as DehydratedState;
  const now = Date.now();
  for (const q of state.queries) {
    // As fresh as the page: a cached page stays exact (a write drops it), and a refetch at once would render the
    // lists busy where the server's were not.
    q.state.dataUpdatedAt = now;
    if (q.state.errorUpdatedAt) q.state.errorUpdatedAt = now;
    const e = q.state.error as SentError | null;
    if (e) q.state.error = new ApiError(e.status, e.message, e.body);
  }
  hydrate(client, state);
  el.remove();
  return true;
}
