import { API_BASE } from '@app/contract/endpoints';
import { OP_ROUTES } from '@app/contract/operation-routes';
import type { OpRequest } from '@app/contract/operations';
import { authState, getToken } from '@/lib/session.ts';
import { KEYS } from '@/lib/storage-keys.ts';
import { idbAdd, idbDelete, idbEntries } from './idb.ts';

type Queued = { body: OpRequest<'progressUpdate'>; owner: string; at: number };

/** Keeps a progress save that could not reach the server, to send when the connection returns. */
export async function queueProgress(body: OpRequest<'progressUpdate'>): Promise<void> {
  const owner = localStorage.getItem(KEYS.email);
  if (!owner || !('indexedDB' in window)) return;
  await idbAdd('progress', { body, owner, at: Date.now() } satisfies Queued).catch(() => undefined);
}

/** How a queued save went: sent (or refused for good, so dropped), or to keep for later. */
export type SendResult = 'done' | 'keep';

/** Sends one save; a lost connection, a server error or an expired session keep it for later. */
async function send(body: Queued['body'], token: string): Promise<SendResult> {
  const { method, path } = OP_ROUTES.progressUpdate;
  try {
    const res = await fetch(`${API_BASE}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', apiKey: token },
      body: JSON.stringify(body),
    });
    return res.ok || (res.status >= 400 && res.status < 500 && res.status !== 401 && res.status !== 429)
      ? 'done'
      : 'keep';
  } catch {
    return 'keep';
  }
}

/**
 * Sends the signed-in learner's queued saves in the order they were made, stopping at the first that cannot go
 * (the rest wait, so they still arrive in order). The server keeps the furthest position of each lesson.
 */
export async function sendQueued<T extends { owner: string; body: Queued['body'] }>(
  entries: { key: IDBValidKey; value: T }[],
  owner: string,
  deliver: (body: Queued['body']) => Promise<SendResult>,
  drop: (key: IDBValidKey) => Promise<unknown>,
): Promise<number> {
  let sent = 0;
  for (const { key, value } of entries) {
    if (value.owner !== owner) continue;
    if ((await deliver(value.body)) === 'keep') break;
    await drop(key);
    sent += 1;
  }
  return sent;
}

/** Whose saves may go now: the signed-in account with its token; null while the session has ended (they wait). */
export function queueAccount(): { owner: string; token: string } | null {
  const token = getToken();
  const owner = localStorage.getItem(KEYS.email);
  return token && owner && authState() === 'authenticated' ? { owner, token } : null;
}

let flushing: Promise<number> | null = null;
/**
 * Sends an account's queue now (the signed-in one at start, on the `online` event and after a sign-in; the one
 * logging out with its token); resolves with how many saves went.
 */
export function flushProgress(account = queueAccount()): Promise<number> {
  if (!account || !('indexedDB' in window)) return Promise.resolve(0);
  const { owner, token } = account;
  flushing ??= idbEntries<Queued>('progress')
    .then((entries) =>
      sendQueued(
        entries,
        owner,
        (body) => send(body, token),
        (key) => idbDelete('progress', key),
      ),
    )
    .catch(() => 0)
    .finally(() => {
      flushing = null;
    });
  return flushing;
}
