import { API_BASE } from '@app/contract/endpoints';
import { OP_ROUTES } from '@app/contract/operation-routes';
import type { OpAnswer } from '@app/contract/operations';
import { callOp } from '@/lib/api.ts';
import { deviceId, forgetDeviceId } from '@/lib/device.ts';
import { getToken, setLogoutHandler } from '@/lib/session.ts';
import { KEYS } from '@/lib/storage-keys.ts';
import { t } from '@/lib/i18n/index.ts';
import { showToast } from '@/lib/toast.ts';
import { forgetAccount, signedInStudent, watchSignIn } from './account.ts';
import { keepMyCourses } from './answers.ts';
import {
  allDownloads,
  confirmDownloads,
  deleteDownloads,
  loadDownloads,
  resumeDownloads,
} from './downloads.ts';
import { judgeLicences } from './licence.ts';
import { KEPT_HEADER } from './paths.ts';
import { flushProgress } from './progress-queue.ts';

const NOTICE_KEY = 'devlearn.downloads.notice';

/** Why downloads were last removed by the licence check, for /home/downloads; null when none. */
export const downloadsNotice = () => localStorage.getItem(NOTICE_KEY);
export const clearDownloadsNotice = () => localStorage.removeItem(NOTICE_KEY);

/**
 * The signed-in student's courses as the server says them now; null when it cannot be asked (offline, the session
 * ended) or when the service worker answered with the copy it kept (an old answer confirms nothing).
 */
async function ownedNow(): Promise<Set<number> | null> {
  const token = getToken();
  if (!signedInStudent() || !token || !navigator.onLine) return null;
  const { method, path } = OP_ROUTES.userAllCourses;
  const res = await fetch(`${API_BASE}${path}`, { method, headers: { apiKey: token } }).catch(() => null);
  if (!res?.ok || res.headers.has(KEPT_HEADER)) return null;
  const answer = (await res.json().catch(() => null)) as OpAnswer<'userAllCourses'> | null;
  if (!answer?.courses) return null;
  void keepMyCourses(answer).catch(() => undefined);
  return new Set(answer.courses.map((c) => c.id));
}

/** Whether the server says this device was removed from the signed-in student's account. */
async function removedDevice(): Promise<boolean> {
  if (!signedInStudent() || !getToken() || !navigator.onLine) return false;
  const answer = await callOp('deviceList', { deviceId: deviceId() }).catch(() => null);
  return answer?.thisDevice === 'removed';
}

/**
 * The licence check: online and signed in, the account's courses confirm its downloads (a refunded course's are
 * deleted); otherwise (offline, or the session ended: it waits for the next sign-in) only downloads not confirmed
 * for 30 days are deleted. The learner is told why.
 */
export async function checkLicences(now = Date.now()): Promise<void> {
  await loadDownloads();
  const records = allDownloads();
  if (records.length === 0) return;
  if (await removedDevice()) {
    // Removed under Security (here or on another device): its downloads and their keys go.
    await deleteDownloads(records.map((r) => r.seriesId));
    forgetDeviceId();
    const notice = t('offline.deviceRemoved');
    localStorage.setItem(NOTICE_KEY, notice);
    showToast('warning', notice);
    return;
  }
  const owned = await ownedNow();
  const verdict = judgeLicences(records, localStorage.getItem(KEYS.email), owned, now);
  if (verdict.confirm.length) await confirmDownloads(verdict.confirm, now);
  const message = verdict.refunded.length
    ? t('offline.refundedRemoved')
    : verdict.expired.length
      ? t('offline.unconfirmedRemoved')
      : null;
  if (!message) return;
  await deleteDownloads([...verdict.refunded, ...verdict.expired]);
  localStorage.setItem(NOTICE_KEY, message);
  showToast('warning', message);
}

/** What the app does when the connection returns, after a sign-in, and once at start: saves go out, downloads go on. */
function whenOnline() {
  void flushProgress().then(() => checkLicences());
  resumeDownloads();
}

let started = false;
/**
 * Starts the offline work: the progress queue, the licence check and unfinished downloads, again after each
 * sign-in; an explicit logout removes the account's downloads.
 */
export function startOffline() {
  if (started || !('indexedDB' in window)) return;
  started = true;
  window.addEventListener('online', whenOnline);
  watchSignIn(whenOnline);
  setLogoutHandler((owner, token) => void forgetAccount(owner, token).catch(() => undefined));
  void loadDownloads().then(whenOnline);
}
