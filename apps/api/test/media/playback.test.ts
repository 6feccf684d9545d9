import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_BASE } from '@app/contract/common';
import { OP_ROUTES } from '@app/contract/operation-routes';
import { media, series } from '../../src/db/schema.ts';
import { streams } from '../../src/db/schema-protection.ts';
import { buildAdmin, buildStudent, buildTutor, type TestAccount } from '../factories.ts';
import { buildApprovedCourse, buildEnrolment, type TestCourse } from '../factories-course.ts';
import { startTestApp, type TestApp } from '../harness.ts';

// Streams, devices and the admins' tracing: the stream limit (MAX_STREAMS=2), the heartbeat's expiry, the device
// limit (MAX_DEVICES=3) and removal, the sharing report (SHARING_IP_LIMIT=5 networks a day) and the watermark
// code's lookup. The lessons' ladders are marked ready in the database: no transcode is needed to start a stream.

let t: TestApp;
let admin: TestAccount;
let course: TestCourse;
let lessonIds: number[];
const UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

/** A new device id, as a browser makes one. */
const device = () => `dev-${randomUUID().replace(/-/g, '')}`;

/** Calls an operation with extra headers (a browser's user agent, the address a proxy saw). */
async function call<T = { responseDto: { message: string } } & Record<string, unknown>>(
  name: keyof typeof OP_ROUTES,
  body: unknown,
  token?: string,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${t.url}${API_BASE}${OP_ROUTES[name].path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'user-agent': UA,
      ...(token ? { apiKey: token } : {}),
      ...headers,
    },
    body: JSON.stringify(body ?? {}),
  });
  return { status: res.status, body: (await res.json()) as T & { responseDto: { message: string } } };
}

type Playback = { playback: { streamId: string; code: string; keyToken: string; viewer: string } };
const start = (
  who: TestAccount,
  deviceId: string,
  headers?: Record<string, string>,
  seriesId = lessonIds[0]!,
) => call<Playback>('playbackStart', { courseId: course.id, seriesId, deviceId }, who.token, headers);
const beat = (who: TestAccount, streamId: string, deviceId: string) =>
  call<Playback>('playbackBeat', { streamId, deviceId }, who.token);

/** A student who bought the course. */
async function buyer() {
  const s = await buildStudent(t);
  await buildEnrolment(t, s, course);
  return s;
}

/** Signs the student in again: a token with a session of its own (one per device, as in real use). */
async function signIn(s: TestAccount): Promise<TestAccount> {
  const res = await t.op('loginCustomer', { body: { userName: s.email, password: s.password } });
  expect(res.status).toBe(200);
  return { ...s, token: (res.body as { token: string }).token };
}

beforeAll(async () => {
  t = await startTestApp({ env: { TRUST_PROXY: 'true' } });
  admin = await buildAdmin(t);
  course = await buildApprovedCourse(t, await buildTutor(t));
  await t.ctx.db
    .update(media)
    .set({ videoStatus: 'ready', hlsPrefix: `hls/${randomUUID()}` })
    .where(inArray(media.key, course.seriesVideoKeys));
  const detail = await t.op('viewSingleCourse', { body: { courseId: course.id } });
  lessonIds = detail.body.coursesDto.sectionDto.flatMap((s) => s.seriesList.map((l) => l.id));
});

afterAll(async () => {
  await t?.close();
});

describe('streams', () => {
  it('lets an account play in two places; a third player is refused until one stops or the oldest is ended', async () => {
    const s = await buyer();
    const [a, b, c] = [device(), device(), device()];
    const first = await start(s, a);
    expect(first.status).toBe(200);
    expect(first.body.playback.viewer).toMatch(/^us•••@e•••\.com$/);
    expect(first.body.playback.code).toMatch(/^[A-Z2-9]{6}$/);
    const second = await start(s, b);
    expect(second.status).toBe(200);

    const third = await start(s, c);
    expect(third.status).toBe(409);
    expect(third.body.responseDto.message).toBe(
      'You are watching on 2 devices already. Stop one to watch here.',
    );

    // Seeks and quality switches are heartbeats of the same stream, never new streams.
    for (let i = 0; i < 3; i++) expect((await beat(s, second.body.playback.streamId, b)).status).toBe(200);
    const rows = await t.ctx.db.select().from(streams).where(eq(streams.accountId, s.id));
    expect(rows).toHaveLength(2);

    // The refusal's button: the oldest (the first player) ends, and this one plays.
    const ended = await call('playbackEndOldest', { deviceId: c }, s.token);
    expect(ended.status).toBe(200);
    expect((await start(s, c)).status).toBe(200);
    const told = await beat(s, first.body.playback.streamId, a);
    expect(told.status).toBe(409);
    expect(told.body.responseDto.message).toBe(
      'This video was stopped so that it could play on another device.',
    );

    // A player that stops frees its place at once.
    await call('playbackStop', { streamId: second.body.playback.streamId, deviceId: b }, s.token);
    expect((await start(s, a)).status).toBe(200);
  });

  it('ends a stream whose heartbeat stopped for 90 s (a fake clock), freeing its place', async () => {
    const s = await buyer();
    const [a, b, c] = [device(), device(), device()];
    const t0 = Date.now();
    const clock = (seconds: number) => vi.setSystemTime(t0 + seconds * 1000);
    vi.useFakeTimers({ toFake: ['Date'], now: t0 });
    try {
      const first = (await start(s, a)).body.playback;
      const second = (await start(s, b)).body.playback;
      clock(60);
      expect((await beat(s, second.streamId, b)).status).toBe(200);
      // 89 s after its last beat the first still holds its place.
      clock(89);
      expect((await start(s, c)).status).toBe(409);
      clock(91);
      expect((await start(s, c)).status).toBe(200);
      const late = await beat(s, first.streamId, a);
      expect(late.status).toBe(409);
      expect(late.body.responseDto.message).toBe(
        'This video stopped because the connection was lost. Play it again.',
      );
      // The second, beating every 30 s, is alive.
      expect((await beat(s, second.streamId, b)).status).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('lets a guest start a free preview lesson but not a paid one, and nobody another’s stream', async () => {
    const guestStart = (seriesId: number) =>
      call<Playback>('playbackStart', { courseId: course.id, seriesId, deviceId: device() });
    expect((await guestStart(lessonIds[0]!)).status).toBe(403);
    await t.ctx.db.update(series).set({ preview: true }).where(eq(series.id, lessonIds[1]!));
    const preview = await guestStart(lessonIds[1]!);
    expect(preview.status).toBe(200);
    expect(preview.body.playback.viewer).toBe('Guest preview');
    const stranger = await buildStudent(t);
    const refused = await start(stranger, device());
    expect(refused.status).toBe(403);
    const s = await buyer();
    const d = device();
    const mine = (await start(s, d)).body.playback;
    expect((await beat(stranger, mine.streamId, d)).status).toBe(404);
    expect((await beat(s, mine.streamId, device())).status).toBe(404);
  });
});

describe('devices', () => {
  it('allows three devices, refuses a fourth, lists them under Security and frees a place on removal', async () => {
    const s = await buyer();
    const ds = [device(), device(), device()];
    const sessions = await Promise.all(ds.map(() => signIn(s)));
    for (const [i, d] of ds.entries()) {
      const ok = await start(sessions[i]!, d);
      expect(ok.status).toBe(200);
      await call('playbackStop', { streamId: ok.body.playback.streamId, deviceId: d }, sessions[i]!.token);
    }
    const fourth = device();
    const refused = await start(s, fourth);
    expect(refused.status).toBe(403);
    expect(refused.body.responseDto.message).toBe(
      'This account is already used on 3 devices. Remove one under Security to use it here.',
    );

    const list = await call<{
      devices: { id: number; name: string; current: boolean }[];
      maxDevices: number;
      thisDevice: string;
    }>('deviceList', { deviceId: ds[0] }, s.token);
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.maxDevices).toBe(3);
    expect(list.body.thisDevice).toBe('registered');
    expect(list.body.devices).toHaveLength(3);
    expect(list.body.devices.every((d) => d.name === 'Chrome on Linux')).toBe(true);
    expect(list.body.devices.filter((d) => d.current)).toHaveLength(1);
    const removed = list.body.devices.find((d) => d.current)!;

    // Another student cannot remove it.
    expect((await call('deviceRemove', { id: removed.id }, (await buyer()).token)).status).toBe(404);
    expect((await call('deviceRemove', { id: removed.id }, s.token)).status).toBe(200);
    // The session that played there is signed out; the removed device gets no key again.
    const gone = await call('deviceList', {}, sessions[0]!.token);
    expect(gone.status).toBe(401);
    const again = await start(s, ds[0]!);
    expect(again.status).toBe(403);
    expect(again.body.responseDto.message).toBe(
      'This device was removed from your account. Sign in again to watch here.',
    );
    const after = await call<{ devices: unknown[]; thisDevice: string }>(
      'deviceList',
      { deviceId: ds[0] },
      s.token,
    );
    expect(after.body.devices).toHaveLength(2);
    expect(after.body.thisDevice).toBe('removed');
    // The freed place takes the fourth device.
    expect((await start(s, fourth)).status).toBe(200);
  });
});

describe('admins', () => {
  it('flags accounts that played from more than 5 networks in a day', async () => {
    const sharer = await buyer();
    const careful = await buyer();
    // Six networks on three devices (a phone moving around, and the people it was lent to).
    for (let net = 1; net <= 6; net++) await playOn(sharer, net);
    for (let net = 1; net <= 5; net++) await playOn(careful, net);
    const report = await call<{
      limit: number;
      rows: { accountId: number; networks: number; day: string }[];
    }>('sharingReport', {}, admin.token);
    expect(report.status).toBe(200);
    expect(report.body.limit).toBe(5);
    const mine = report.body.rows.filter((r) => [sharer.id, careful.id].includes(r.accountId));
    expect(mine).toEqual([expect.objectContaining({ accountId: sharer.id, networks: 6 })]);
    expect(mine[0]!.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await call('sharingReport', {}, sharer.token)).status).toBe(403);

    async function playOn(s: TestAccount, net: number) {
      const d = deviceFor(s, net);
      const res = await start(s, d, { 'x-forwarded-for': `102.89.${net}.7` });
      expect(res.status, res.body.responseDto.message).toBe(200);
      await call('playbackStop', { streamId: res.body.playback.streamId, deviceId: d }, s.token);
    }
  });

  it("finds the account, device and time behind a watermark's code", async () => {
    const s = await buyer();
    const d = device();
    const play = (await start(s, d)).body.playback;
    // The player saw its watermark removed.
    const told = await call(
      'playbackTamper',
      { streamId: play.streamId, deviceId: d, what: 'removed' },
      s.token,
    );
    expect(told.status).toBe(200);
    const lookup = await call<{ stream: Record<string, unknown> }>(
      'watermarkLookup',
      { code: play.code.toLowerCase() },
      admin.token,
    );
    expect(lookup.status).toBe(200);
    expect(lookup.body.stream).toMatchObject({
      code: play.code,
      accountId: s.id,
      email: s.email,
      deviceName: 'Chrome on Linux',
      courseTitle: course.title,
      endedAt: null,
    });
    expect(lookup.body.stream.tamperedAt).not.toBeNull();
    expect(Date.parse(lookup.body.stream.startedAt as string)).toBeGreaterThan(Date.now() - 60_000);
    const unknown = await call('watermarkLookup', { code: 'ZZZZZZ' }, admin.token);
    expect(unknown.status).toBe(404);
    expect(unknown.body.responseDto.message).toBe('No playback has this code.');
    expect((await call('watermarkLookup', { code: play.code }, s.token)).status).toBe(403);
    expect((await call('watermarkLookup', { code: '' }, admin.token)).status).toBe(400);
  });
});

const devicesOf = new Map<number, string[]>();
/** One of three devices per account, so six networks stay within the device limit. */
function deviceFor(s: TestAccount, net: number): string {
  const list = devicesOf.get(s.id) ?? [device(), device(), device()];
  devicesOf.set(s.id, list);
  return list[net % 3]!;
}
