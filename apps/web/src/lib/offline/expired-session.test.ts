import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reportReachable } from '@/lib/online.ts';
import { authState, saveLogin, sessionExpired } from '@/lib/session.ts';
import { fakeToken, freshEachTest, storeSession } from '@/test/render-with-app.tsx';
import type { DownloadRecord } from './download-queue.ts';
import { forgetAccount, watchSignIn } from './account.ts';
import { KEPT_HEADER } from './paths.ts';
import { queueAccount } from './progress-queue.ts';
import type * as ProgressQueue from './progress-queue.ts';
import { checkLicences } from './start.ts';

// The records and what was done to them, in place of IndexedDB and Cache Storage (jsdom has neither).
const device = vi.hoisted(() => ({
  records: [] as DownloadRecord[],
  deleted: [] as number[][],
  confirmed: [] as number[][],
  flushed: [] as { owner: string; token: string }[],
}));
vi.mock('./downloads.ts', () => ({
  loadDownloads: () => Promise.resolve(),
  allDownloads: () => device.records,
  deleteDownloads: (ids: number[]) => Promise.resolve(void device.deleted.push(ids)),
  confirmDownloads: (ids: number[]) => Promise.resolve(void device.confirmed.push(ids)),
  resumeDownloads: () => undefined,
}));
vi.mock('./progress-queue.ts', async (original) => ({
  ...(await original<typeof ProgressQueue>()),
  flushProgress: (account: { owner: string; token: string }) => Promise.resolve(device.flushed.push(account)),
}));

const DAY = 24 * 60 * 60 * 1000;
const HOUR_AGO = Math.floor(Date.now() / 1000) - 3600;
const STUDENT = 'user@example.com';
const download = (seriesId: number, courseId: number, owner = STUDENT, confirmedAt = Date.now() - 2 * DAY) =>
  ({ seriesId, courseId, owner, confirmedAt, state: 'done' }) as DownloadRecord;

let online = true;
function setOnline(value: boolean) {
  online = value;
  window.dispatchEvent(new Event(value ? 'online' : 'offline'));
}
const myCourses = (ids: number[], kept = false) =>
  new Response(JSON.stringify({ courses: ids.map((id) => ({ id })) }), {
    headers: kept ? { [KEPT_HEADER]: '1' } : {},
  });
/** The server: its word on this device (`/device/list`), and My courses for every other call. */
const server =
  (ids: number[], thisDevice = 'registered', kept = false) =>
  (url: string | URL | Request) =>
    Promise.resolve(
      String(url).includes('/device/list')
        ? new Response(JSON.stringify({ devices: [], maxDevices: 3, thisDevice }), {
            headers: { 'Content-Type': 'application/json' },
          })
        : myCourses(ids, kept),
    );

freshEachTest();
beforeEach(() => {
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  device.records = [];
  device.deleted = [];
  device.confirmed = [];
  device.flushed = [];
});
afterEach(() => vi.restoreAllMocks());

describe('a session that ended while the learner was offline', () => {
  it('still opens what is on the device offline, and has ended once the connection returns', () => {
    storeSession('user', HOUR_AGO);
    setOnline(false);
    expect(authState()).toBe('authenticated');
    expect(sessionExpired()).toBe(false);
    setOnline(true);
    expect(authState()).toBe('expired');
    expect(sessionExpired()).toBe(true);
    // The saves made offline wait for a sign-in instead of going with a token the server refuses.
    expect(queueAccount()).toBeNull();
  });

  it("ends as soon as the browser says the connection is back, before anything reacts to the connection's return", () => {
    storeSession('user', HOUR_AGO);
    reportReachable(false);
    expect(authState()).toBe('authenticated');
    let seen: string | undefined;
    window.addEventListener('online', () => (seen = authState()), { once: true });
    setOnline(true);
    expect(seen).toBe('expired');
  });

  it('gives no grace to a tutor, nor to a token that cannot be read', () => {
    setOnline(false);
    storeSession('tutor', HOUR_AGO);
    expect(authState()).toBe('expired');
    storeSession('user');
    localStorage.setItem('token', 'not-a-token');
    expect(authState()).toBe('expired');
  });

  it('back online, the licence check deletes nothing and asks the server nothing until the learner signs in', async () => {
    const fetch = vi.fn(server([10]));
    vi.stubGlobal('fetch', fetch);
    device.records = [download(1, 10), download(2, 20)];
    storeSession('user', HOUR_AGO);
    const signedIn = vi.fn();
    setOnline(false);
    const unwatch = watchSignIn(signedIn);
    setOnline(true);
    await checkLicences();
    expect(fetch).not.toHaveBeenCalled();
    expect(device.deleted).toEqual([]);
    expect(signedIn).not.toHaveBeenCalled();

    saveLogin('user', { token: fakeToken(HOUR_AGO + 7200), emailAddress: STUDENT, userName: STUDENT });
    expect(signedIn).toHaveBeenCalledTimes(1);
    expect(queueAccount()).toEqual({ owner: STUDENT, token: localStorage.getItem('token') });
    await checkLicences();
    // Whether this device is still the account's, then the account's courses.
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(device.confirmed).toEqual([[1]]);
    // Course 20 is no longer the learner's (refunded): only the server's word removes it.
    expect(device.deleted).toEqual([[2]]);
    unwatch();
  });

  it("does not take the worker's kept copy of My courses as the server's word", async () => {
    vi.stubGlobal('fetch', server([10], 'registered', true));
    device.records = [download(1, 10), download(2, 20)];
    storeSession('user');
    await checkLicences();
    expect(device.confirmed).toEqual([]);
    expect(device.deleted).toEqual([]);
  });
});

describe('a device removed from the account', () => {
  it('deletes every download on it at the next check, and forgets its device id', async () => {
    vi.stubGlobal('fetch', server([10, 20], 'removed'));
    localStorage.setItem('devlearn.device', 'd-removed-device-0001');
    device.records = [download(1, 10), download(2, 20)];
    storeSession('user');
    await checkLicences();
    expect(device.deleted).toEqual([[1, 2]]);
    expect(device.confirmed).toEqual([]);
    expect(localStorage.getItem('devlearn.device')).toBeNull();
  });
});

describe('an explicit logout', () => {
  it("removes that account's downloads only, and sends its queued saves while its token is valid", async () => {
    device.records = [download(1, 10), download(2, 10, 'bola@example.com'), download(3, 11)];
    const token = fakeToken(HOUR_AGO + 7200);
    await forgetAccount(STUDENT, token);
    expect(device.deleted).toEqual([[1, 3]]);
    expect(device.flushed).toEqual([{ owner: STUDENT, token }]);
  });

  it('keeps the queued saves of an ended session for the next sign-in', async () => {
    device.records = [download(1, 10)];
    await forgetAccount(STUDENT, fakeToken(HOUR_AGO));
    expect(device.deleted).toEqual([[1]]);
    expect(device.flushed).toEqual([]);
  });
});
