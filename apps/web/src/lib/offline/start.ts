import { callOp } from '@/lib/api.ts';
import { authState } from '@/lib/session.ts';
import { KEYS } from '@/lib/storage-keys.ts';
import { showToast } from '@/lib/toast.ts';
import { keepMyCourses } from './answers.ts';
import {
  allDownloads,
  confirmDownloads,
  deleteDownloads,
  loadDownloads,
  resumeDownloads,
} from './downloads.ts';
import { judgeLicences } from './licence.ts';
import { flushProgress } from './progress-queue.ts';

const NOTICE_KEY = 'devlearn.downloads.notice';

/** Why downloads were last removed by the licence check, for /home/downloads; null when none. */
export const downloadsNotice = () => localStorage.getItem(NOTICE_KEY);
export const clearDownloadsNotice = () => localStorage.removeItem(NOTICE_KEY);

/**
 * The licence check: online, the account's courses confirm its downloads (a refunded course's are deleted);
 * offline, downloads not confirmed for 30 days are deleted. The learner is told why.
 */
export async function checkLicences(now = Date.now()): Promise<void> {
  await loadDownloads();
  const records = allDownloads();
  if (records.length === 0) return;
  const signedIn = authState() === 'authenticated' && localStorage.getItem(KEYS.role) === 'user';
  let owned: Set<number> | null = null;
  if (signedIn && navigator.onLine) {
    try {
      const answer = await callOp('userAllCourses', undefined);
      owned = new Set(answer.courses.map((c) => c.id));
      void keepMyCourses(answer).catch(() => undefined);
    } catch {
      owned = null;
    }
  }
  const verdict = judgeLicences(records, localStorage.getItem(KEYS.email), owned, now);
  if (verdict.confirm.length) await confirmDownloads(verdict.confirm, now);
  const message = verdict.refunded.length
    ? 'Downloads of a course you no longer own (refunded) were removed from this device.'
    : verdict.expired.length
      ? 'Downloads were removed: the app could not confirm online for 30 days that you own them. Connect and download them again.'
      : null;
  if (!message) return;
  await deleteDownloads([...verdict.refunded, ...verdict.expired]);
  localStorage.setItem(NOTICE_KEY, message);
  showToast('warning', message);
}

/** What the app does when the connection returns, and once at start: saves go out, downloads go on. */
function whenOnline() {
  void flushProgress().then(() => checkLicences());
  resumeDownloads();
}

let started = false;
/** Starts the offline work: the progress queue, the licence check and unfinished downloads. */
export function startOffline() {
  if (started || !('indexedDB' in window)) return;
  started = true;
  window.addEventListener('online', whenOnline);
  void loadDownloads().then(whenOnline);
}
