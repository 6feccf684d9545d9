import { authState, onSessionChange, tokenExp } from '@/lib/session.ts';
import { KEYS } from '@/lib/storage-keys.ts';
import { t } from '@/lib/i18n/index.ts';
import { showToast } from '@/lib/toast.ts';
import { allDownloads, deleteDownloads, loadDownloads } from './downloads.ts';
import { API_CACHE } from './paths.ts';
import { flushProgress } from './progress-queue.ts';

/** The signed-in student's email, or null (a guest, another role, or a session that has ended). */
export function signedInStudent(): string | null {
  if (authState() !== 'authenticated' || localStorage.getItem(KEYS.role) !== 'user') return null;
  return localStorage.getItem(KEYS.email);
}

/**
 * Runs `onSignIn` each time a student signs in after the watch began (after an expired session, or as another
 * account): their queued saves go and their licences are checked then, not at the next start. Returns the unwatch.
 */
export function watchSignIn(onSignIn: () => void, who = signedInStudent): () => void {
  let current = who();
  return onSessionChange(() => {
    const next = who();
    if (next && next !== current) onSignIn();
    current = next;
  });
}

/**
 * An explicit logout (useFinishLogout, through the handler start.ts sets): the account's downloads leave the
 * device, so the next person on a shared phone cannot play them, and so do the answers kept for offline use (only a
 * stored token reached them). Its saves made offline go with the ending session's token while it is valid; the rest
 * wait for the account's next sign-in.
 */
export async function forgetAccount(owner: string, token: string | null, now = Date.now()): Promise<void> {
  await loadDownloads();
  const mine = allDownloads()
    .filter((r) => r.owner === owner)
    .map((r) => r.seriesId);
  if (mine.length) await deleteDownloads(mine);
  if ('caches' in window) await caches.delete(API_CACHE).catch(() => false);
  if (mine.length) showToast('info', t('offline.removedAtLogout'));
  const exp = token ? tokenExp(token) : null;
  if (token && exp !== null && exp * 1000 > now) await flushProgress({ owner, token });
}
