import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEVICE_REMOVED_MESSAGE } from '@app/contract/protection';
import { media } from '../../src/db/schema.ts';
import { newLadderKeys, sealKeys } from '../../src/services/video/hls-crypto.ts';
import { buildStudent, buildTutor, type TestAccount } from '../factories.ts';
import { buildApprovedCourse, buildEnrolment, type TestCourse } from '../factories-course.ts';
import { startTestApp, type TestApp } from '../harness.ts';
import { statementsOf } from '../statements.ts';

// The live-streams table (src/cache/live-streams.ts): a key of a playing stream is answered without reading the
// database, and whatever takes the keys away (a stop, a removed device, a sign-out) is refused at once on the
// instance that made the change and, through the invalidation bus, on the other one. Two instances, A and B, on
// one database; the lesson's ladder has its keys sealed in the database as a transcode leaves them, so no
// transcode is needed.

let a: TestApp;
let b: TestApp;
let course: TestCourse;
let lessonId: number;
const ladder = randomUUID();
const UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

/** A new device id, as a browser makes one. */
const device = () => `dev-${randomUUID().replace(/-/g, '')}`;

async function call<T>(t: TestApp, path: string, body: unknown, token?: string) {
  const res = await fetch(`${t.url}/dl/api/v1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': UA, ...(token ? { apiKey: token } : {}) },
    body: JSON.stringify(body ?? {}),
  });
  return { status: res.status, body: (await res.json()) as T & { responseDto: { message: string } } };
}

type Player = { who: TestAccount; deviceId: string; streamId: string; keyToken: string };

/** The player opens the lesson on `t`. */
async function play(t: TestApp, who: TestAccount, deviceId = device()): Promise<Player> {
  const res = await call<{ playback: { streamId: string; keyToken: string } }>(
    t,
    '/playback/start',
    { courseId: course.id, seriesId: lessonId, deviceId },
    who.token,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { who, deviceId, ...res.body.playback };
}

/** The player asks `t` for key 0: the status and, on a refusal, its message. */
async function key(t: TestApp, p: Player): Promise<{ status: number; message?: string }> {
  const res = await fetch(`${t.url}/media/key/${ladder}/0`, {
    headers: { apiKey: p.who.token, 'x-device-id': p.deviceId, 'x-key-token': p.keyToken, 'user-agent': UA },
  });
  if (res.status === 200) {
    expect((await res.arrayBuffer()).byteLength).toBe(16);
    return { status: 200 };
  }
  return {
    status: res.status,
    message: ((await res.json()) as { responseDto: { message: string } }).responseDto.message,
  };
}

/** Asks until the answer is no longer 200, for at most 1 s (the other instance hears of a change within ms). */
async function refusedWithin(t: TestApp, p: Player) {
  const started = Date.now();
  let answer = await key(t, p);
  while (answer.status === 200 && Date.now() - started < 1000) {
    await new Promise((r) => setTimeout(r, 20));
    answer = await key(t, p);
  }
  return answer;
}

/** A student who bought the course, with a token of its own (no session, as tokens from before sessions). */
async function buyer() {
  const s = await buildStudent(a);
  await buildEnrolment(a, s, course);
  return s;
}

/** Signs the student in: a token with a session of its own (one per browser, as in real use). */
async function signIn(s: TestAccount): Promise<TestAccount> {
  const res = await a.op('loginCustomer', { body: { userName: s.email, password: s.password } });
  expect(res.status).toBe(200);
  return { ...s, token: (res.body as { token: string }).token };
}

/** The statements that read a stream (`keyContext`) among those `work` sent. */
const streamReads = async (t: TestApp, work: () => Promise<unknown>) =>
  (await statementsOf(t.ctx.db, work)).filter((q) => /"streams"/.test(q));

beforeAll(async () => {
  a = await startTestApp();
  b = await startTestApp({ sameDatabaseAs: a });
  course = await buildApprovedCourse(a, await buildTutor(a));
  await a.ctx.db
    .update(media)
    .set({
      videoStatus: 'ready',
      hlsPrefix: `hls/${ladder}`,
      hlsKeys: sealKeys(a.config.jwtSecret, newLadderKeys(100, 10)),
    })
    .where(inArray(media.key, course.seriesVideoKeys));
  const detail = await a.op('viewSingleCourse', { body: { courseId: course.id } });
  lessonId = detail.body.coursesDto.sectionDto[0]!.seriesList[0]!.id;
});

afterAll(async () => {
  await b?.close();
  await a?.close();
});

describe('the keys of a playing stream', () => {
  it('are answered without reading the database on the instance that started it; another reads it once', async () => {
    const p = await play(a, await signIn(await buyer()));
    expect(await streamReads(a, async () => expect((await key(a, p)).status).toBe(200))).toEqual([]);
    // B never saw the start: its first key reads the stream, the next ones do not.
    expect(await streamReads(b, async () => expect((await key(b, p)).status).toBe(200))).toHaveLength(1);
    expect(await streamReads(b, async () => expect((await key(b, p)).status).toBe(200))).toEqual([]);
  });

  it('are refused once the stream stops, at once here and on the other instance', async () => {
    const s = await signIn(await buyer());
    const p = await play(a, s);
    expect((await key(a, p)).status).toBe(200);
    expect((await key(b, p)).status).toBe(200);
    const stopped = await call(a, '/playback/stop', { streamId: p.streamId, deviceId: p.deviceId }, s.token);
    expect(stopped.status).toBe(200);
    expect(await key(a, p)).toEqual({ status: 403, message: 'This video was stopped. Play it again.' });
    expect(await refusedWithin(b, p)).toEqual({
      status: 403,
      message: 'This video was stopped. Play it again.',
    });
  });

  it('are refused once the heartbeat stopped for 90 s (a fake clock), though the table held the stream', async () => {
    const p = await play(a, await signIn(await buyer()));
    expect((await key(a, p)).status).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 91 * 1000 });
    try {
      expect(await key(a, p)).toEqual({ status: 403, message: 'This video was stopped. Play it again.' });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the caller’s token, remembered by the key route once checked', () => {
  it('is refused with the usual 401 once it expires, and a token changed by a letter never counts', async () => {
    const p = await play(a, await signIn(await buyer()));
    expect((await key(a, p)).status).toBe(200);
    const tampered = {
      ...p,
      who: { ...p.who, token: p.who.token.slice(0, -2) + (p.who.token.endsWith('AA') ? 'BB' : 'AA') },
    };
    expect((await key(a, tampered)).status).toBe(401);
    // An hour and a second later the sign-in token is dead (its key token too, but the sign-in is checked first).
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 3601 * 1000 });
    try {
      expect((await key(a, p)).status).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('a removed device', () => {
  it('gets no key again, at once here and on the other instance, after its keys came from the table', async () => {
    // A token without a session: only the device's removal can refuse it.
    const s = await buyer();
    const p = await play(a, s);
    expect((await key(a, p)).status).toBe(200);
    expect((await key(b, p)).status).toBe(200);
    const laptop = await signIn(s);
    const list = await call<{ devices: { id: number; current: boolean }[] }>(
      a,
      '/device/list',
      { deviceId: p.deviceId },
      laptop.token,
    );
    const phone = list.body.devices.find((d) => d.current)!;
    expect((await call(a, '/device/remove', { id: phone.id }, laptop.token)).status).toBe(200);
    expect(await key(a, p)).toEqual({ status: 403, message: DEVICE_REMOVED_MESSAGE });
    expect(await refusedWithin(b, p)).toEqual({ status: 403, message: DEVICE_REMOVED_MESSAGE });
  });

  it('signs out the session that played on it: removed on B, its key is refused on A with the usual 401', async () => {
    const s = await buyer();
    const phone = await signIn(s);
    const p = await play(a, phone);
    expect((await key(a, p)).status).toBe(200);
    const laptop = await signIn(s);
    const list = await call<{ devices: { id: number; current: boolean }[] }>(
      b,
      '/device/list',
      { deviceId: p.deviceId },
      laptop.token,
    );
    const id = list.body.devices.find((d) => d.current)!.id;
    expect((await call(b, '/device/remove', { id }, laptop.token)).status).toBe(200);
    expect((await refusedWithin(a, p)).status).toBe(401);
  });
});

describe('a sign-out', () => {
  it('refuses the keys of the session signed out from another browser, on both instances', async () => {
    const s = await buyer();
    const phone = await signIn(s);
    const p = await play(a, phone);
    expect((await key(a, p)).status).toBe(200);
    expect((await key(b, p)).status).toBe(200);
    const laptop = await signIn(s);
    const sessions = await b.op('sessionList', { body: {}, token: laptop.token });
    const [other] = sessions.body.sessions.filter((x) => !x.current);
    expect((await b.op('sessionRevoke', { body: { id: other!.id }, token: laptop.token })).status).toBe(200);
    expect((await key(b, p)).status).toBe(401);
    expect((await refusedWithin(a, p)).status).toBe(401);
  });

  it('refuses the keys of every other session after a password change', async () => {
    const s = await buyer();
    const phone = await signIn(s);
    const p = await play(a, phone);
    expect((await key(b, p)).status).toBe(200);
    const laptop = await signIn(s);
    const changed = await a.op('userChangePassword', {
      body: { oldPassword: s.password, newPassword: 'N3w-passw0rd!', confirmPassword: 'N3w-passw0rd!' },
      token: laptop.token,
    });
    expect(changed.status, changed.text).toBe(200);
    expect((await refusedWithin(b, p)).status).toBe(401);
  });
});
