import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createReadStream, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TSeriesDto } from '@app/contract/courses';
import { accounts, courses, media } from '../../src/db/schema.ts';
import { sessions } from '../../src/db/schema-trust.ts';
import { CONTENT_TYPES, TRANSCODE_JOB } from '../../src/commands/transcode-media.ts';
import { ENCRYPT_LADDER_JOB, queueLadderEncryption } from '../../src/commands/encrypt-ladder.ts';
import { ffmpegBinary, probe, transcodeToHls } from '../../src/services/video/ffmpeg.ts';
import { decryptSegment } from '../../src/services/video/hls-crypto.ts';
import { buildAdmin, buildStudent, buildTutor, type TestAccount } from '../factories.ts';
import { buildEnrolment, courseInput, upload } from '../factories-course.ts';
import { startTestApp, type TestApp } from '../harness.ts';

// Encrypted HLS end to end: a real transcode, the playlists' key tags, the key only for a live key token of the
// right account, session and device, segments that do not decode without it, and the re-encryption of a ladder
// made before encryption (an upgrade).

const bin = ffmpegBinary(process.env.FFMPEG_PATH);
let t: TestApp;
let work: string;
let clip: string;
let tutor: TestAccount;
let owner: TestAccount;
let other: TestAccount;
let admin: TestAccount;
let courseId: number;
let lesson: TSeriesDto;

const DEVICE = 'device-owner-0000000001';
const get = (p: string, headers: Record<string, string> = {}) => fetch(`${t.url}${p}`, { headers });
const lessonsOf = async (token: string) =>
  (await t.op('singleCourse', { params: { id: courseId }, token })).body.coursesDto.sectionDto.flatMap(
    (s) => s.seriesList,
  );
const start = (who: TestAccount, deviceId = DEVICE) =>
  t.op('playbackStart', { token: who.token, body: { courseId, seriesId: lesson.id, deviceId } });
const stop = (streamId: string) =>
  t.op('playbackStop', { token: owner.token, body: { streamId, deviceId: DEVICE } });
/** The ladder's id and its 240p playlist's base, from the lesson's signed master link. */
const ladderOf = (link: string) => ({
  id: link.split('/')[4]!,
  base: link.slice(0, link.lastIndexOf('/') + 1),
});
const keyRequest = (id: string, headers: Record<string, string>) => get(`/media/key/${id}/0`, headers);

/** Whether ffmpeg can decode any picture from `file` (it fails, or decodes no frame, when it cannot). */
function decodesVideo(file: string): boolean {
  const run = spawnSync(
    bin,
    ['-hide_banner', '-v', 'error', '-i', file, '-map', '0:v:0', '-f', 'null', '-'],
    {
      encoding: 'utf8',
    },
  );
  return run.status === 0 && !/error|invalid/i.test(run.stderr);
}

/** Runs a program without blocking this process; resolves with its exit code. */
function runAsync(file: string, args: string[]): Promise<number | null> {
  return new Promise((resolve) => {
    const child = spawn(file, args, { stdio: 'ignore' });
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

beforeAll(async () => {
  t = await startTestApp({
    jobs: { pollMs: 50, retryBaseMs: 50, names: [TRANSCODE_JOB, ENCRYPT_LADDER_JOB] },
  });
  work = mkdtempSync(path.join(tmpdir(), 'devlearn-enc-test-'));
  clip = path.join(work, 'clip.mp4');
  execFileSync(bin, [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'testsrc=s=640x360:d=12:r=24', '-f', 'lavfi', '-i', 'sine=d=12'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-shortest', clip],
  ]);
  [tutor, owner, other, admin] = await Promise.all([
    buildTutor(t),
    buildStudent(t),
    buildStudent(t),
    buildAdmin(t),
  ]);
  const video = await upload(t, tutor.token, 'video', readFileSync(clip), 'a.mp4');
  const input = await courseInput(t, tutor, {
    sectionDto: [{ title: 'Start', seriesList: [{ title: 'Paid lesson', videoLink: video.body.url! }] }],
  });
  expect((await t.op('createCourse', { body: input, token: tutor.token })).status).toBe(200);
  const [row] = await t.ctx.db
    .select()
    .from(courses)
    .where(eq(courses.title, input.title as string));
  courseId = row!.id;
  await t.ctx.db.update(courses).set({ status: 'Approved' }).where(eq(courses.id, courseId));
  await buildEnrolment(t, owner, { id: courseId, nairaPrice: 15000 });
  for (let i = 0; i < 900 && (await lessonsOf(owner.token))[0]!.videoStatus !== 'ready'; i++)
    await new Promise((r) => setTimeout(r, 100));
  lesson = (await lessonsOf(owner.token))[0]!;
  expect(lesson.videoStatus).toBe('ready');
}, 120_000);

afterAll(async () => {
  await t?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('an encrypted ladder', () => {
  it('points every rendition at /media/key, and its segments fetched without the key do not decode', async () => {
    const { id, base } = ladderOf(lesson.hlsLink!);
    const variant = await (await get(`${base}240p/index.m3u8`)).text();
    expect(variant).toContain(`#EXT-X-KEY:METHOD=AES-128,URI="/media/key/${id}/0"`);
    // One key per lesson by default: one key tag, before the first segment.
    expect(variant.match(/#EXT-X-KEY/g)).toHaveLength(1);
    const names = variant.split('\n').filter((l) => l.endsWith('.ts'));
    expect(names.length).toBeGreaterThan(1);
    // Anyone holding the playlist's link can fetch the segments: joined, they are not a video.
    const segments = await Promise.all(
      names.map(async (n) => Buffer.from(await (await get(`${base}240p/${n}`)).arrayBuffer())),
    );
    const joined = path.join(work, 'joined.ts');
    writeFileSync(joined, Buffer.concat(segments));
    expect(decodesVideo(joined)).toBe(false);
    await expect(probe(bin, joined)).rejects.toThrow();
    // ffmpeg given the playlist's URL itself asks for the key without a token, and gets nothing playable.
    // (Run without blocking: the server answering it runs in this process.)
    const fromUrl = await runAsync(bin, [
      ...['-hide_banner', '-v', 'error', '-i', `${t.url}${base}240p/index.m3u8`],
      ...['-c', 'copy', '-y', path.join(work, 'copy.ts')],
    ]);
    expect(fromUrl).not.toBe(0);

    // With the key (what a player with a key token gets), the same bytes are the lesson.
    const play = await start(owner);
    expect(play.status, play.text).toBe(200);
    const key = await keyRequest(id, {
      apiKey: owner.token,
      'x-device-id': DEVICE,
      'x-key-token': play.body.playback.keyToken,
    });
    expect(key.status).toBe(200);
    expect(key.headers.get('cache-control')).toBe('no-store');
    const bytes = Buffer.from(await key.arrayBuffer());
    expect(bytes).toHaveLength(16);
    const plain = path.join(work, 'plain.ts');
    writeFileSync(plain, Buffer.concat(segments.map((s, i) => decryptSegment(s, bytes, i))));
    expect(decodesVideo(plain)).toBe(true);
    expect((await probe(bin, plain)).durationSeconds).toBeGreaterThan(10);
    await stop(play.body.playback.streamId);
  }, 60_000);

  it('keeps the keys sealed in the database, never as files', async () => {
    const [row] = await t.ctx.db.select().from(media).where(eq(media.videoStatus, 'ready'));
    expect(row!.hlsKeys).toMatch(/^v1\./);
    const dir = path.join(t.dataDir, 'media', row!.hlsPrefix!);
    const files = readdirSync(dir, { recursive: true }).map(String);
    expect(files.some((f) => /key/i.test(f))).toBe(false);
  });
});

describe('the key answers only a live key token of its own account, session and device', () => {
  it('refuses a request without a token, with another account’s token, another device’s, or an expired one', async () => {
    const { id } = ladderOf(lesson.hlsLink!);
    const play = (await start(owner)).body.playback;
    const good = { apiKey: owner.token, 'x-device-id': DEVICE, 'x-key-token': play.keyToken };
    const message = async (res: Response) =>
      ((await res.json()) as { responseDto: { message: string } }).responseDto.message;

    const none = await keyRequest(id, { apiKey: owner.token, 'x-device-id': DEVICE });
    expect(none.status).toBe(401);
    expect(await message(none)).toBe('This video needs a key token. Open the lesson again.');

    // Another account (even one that owns nothing) presenting the owner's token, or a guest.
    const otherAccount = await keyRequest(id, { ...good, apiKey: other.token });
    expect(otherAccount.status).toBe(403);
    expect(await message(otherAccount)).toBe('This key token belongs to another account.');
    const { apiKey: _omit, ...asGuest } = good;
    expect((await keyRequest(id, asGuest)).status).toBe(403);

    const otherDevice = await keyRequest(id, { ...good, 'x-device-id': 'device-thief-000000000001' });
    expect(otherDevice.status).toBe(403);
    expect(await message(otherDevice)).toBe('This key token belongs to another device.');

    const tampered = await keyRequest(id, { ...good, 'x-key-token': play.keyToken.slice(0, -2) + 'AA' });
    expect(tampered.status).toBe(403);

    // The other account's own token for this lesson: it may not watch, so it never gets one.
    const refused = await start(other, 'device-other-00000000001');
    expect(refused.status).toBe(403);

    expect((await keyRequest(id, good)).status).toBe(200);
    // Five minutes later the token is dead (the heartbeat brings fresh ones).
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 5 * 60 * 1000 + 1000 });
    try {
      const expired = await keyRequest(id, good);
      expect(expired.status).toBe(403);
      expect(await message(expired)).toBe('This key token has expired. Open the lesson again.');
    } finally {
      vi.useRealTimers();
    }
    await stop(play.streamId);
  });

  it('refuses a key once its stream was stopped', async () => {
    const { id } = ladderOf(lesson.hlsLink!);
    const play = (await start(owner)).body.playback;
    const headers = { apiKey: owner.token, 'x-device-id': DEVICE, 'x-key-token': play.keyToken };
    expect((await keyRequest(id, headers)).status).toBe(200);
    await stop(play.streamId);
    expect((await keyRequest(id, headers)).status).toBe(403);
  });
});

describe('the key follows the sign-in it was issued under', () => {
  /** A new buyer signed in as a person is (a token of a session), playing the lesson on its own device. */
  async function signedInViewer(name: string) {
    const built = await buildStudent(t);
    await buildEnrolment(t, built, { id: courseId, nairaPrice: 15000 });
    const login = await t.op('loginCustomer', {
      body: { userName: built.email, password: built.password },
    });
    expect(login.status, login.text).toBe(200);
    const viewer = { ...built, token: (login.body as { token: string }).token };
    const device = `device-viewer-${name}-000001`;
    const play = await start(viewer, device);
    expect(play.status, play.text).toBe(200);
    const headers = {
      apiKey: viewer.token,
      'x-device-id': device,
      'x-key-token': play.body.playback.keyToken,
    };
    return { viewer, headers };
  }

  it('refuses a key, with the usual 401, once the session is signed out or the account deleted', async () => {
    const { id } = ladderOf(lesson.hlsLink!);
    for (const end of ['session', 'account'] as const) {
      const { viewer, headers } = await signedInViewer(end);
      expect((await keyRequest(id, headers)).status).toBe(200);
      // Signed out from another browser, or the account deleted: the stream itself still plays.
      if (end === 'session') {
        const login = await t.op('loginCustomer', {
          body: { userName: viewer.email, password: viewer.password },
        });
        const elsewhere = (login.body as { token: string }).token;
        const others = (await t.op('sessionList', { body: {}, token: elsewhere })).body.sessions.filter(
          (s) => !s.current,
        );
        expect(others).toHaveLength(1);
        const revoked = await t.op('sessionRevoke', { body: { id: others[0]!.id }, token: elsewhere });
        expect(revoked.status).toBe(200);
      } else {
        const deleted = await t.op('accountDelete', {
          body: { password: viewer.password },
          token: viewer.token,
        });
        expect(deleted.status, deleted.text).toBe(200);
      }
      const refused = await keyRequest(id, headers);
      expect(refused.status, end).toBe(401);
      expect(refused.headers.get('content-type')).toContain('application/json');
    }
  });

  it('refuses it within a minute when the change reached the database by another way than the server', async () => {
    const { id } = ladderOf(lesson.hlsLink!);
    for (const end of ['session', 'account'] as const) {
      const { viewer, headers } = await signedInViewer(`db-${end}`);
      expect((await keyRequest(id, headers)).status).toBe(200);
      if (end === 'session')
        await t.ctx.db
          .update(sessions)
          .set({ revokedAt: new Date() })
          .where(eq(sessions.accountId, viewer.id));
      else await t.ctx.db.update(accounts).set({ deletedAt: new Date() }).where(eq(accounts.id, viewer.id));
      // The table trusts what the database said for at most 60 s (the player beats every 30 s meanwhile).
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61 * 1000 });
      try {
        const refused = await keyRequest(id, headers);
        expect(refused.status, end).toBe(401);
      } finally {
        vi.useRealTimers();
      }
    }
  });
});

describe('re-encrypting the lessons of an upgrade', () => {
  it('encrypts a ladder made before encryption, shows the admin the progress and removes the plain files', async () => {
    // A lesson converted by the previous version: plain segments, no keys.
    const out = path.join(work, 'old');
    await transcodeToHls(bin, clip, out);
    const oldId = randomUUID();
    const files = [
      'master.m3u8',
      ...readdirSync(out, { recursive: true })
        .map(String)
        .filter((f) => /p\//.test(f)),
    ];
    for (const f of files)
      await t.ctx.storage.put(
        `hls/${oldId}/${f}`,
        createReadStream(path.join(out, f)),
        CONTENT_TYPES[path.extname(f)] ?? 'application/octet-stream',
      );
    const key = `videos/${randomUUID()}.mp4`;
    await t.ctx.db.insert(media).values({
      key,
      kind: 'video',
      ownerId: tutor.id,
      contentType: 'video/mp4',
      size: 1,
      videoStatus: 'ready',
      hlsPrefix: `hls/${oldId}`,
    });
    const progress = () => t.op('encryptionProgress', { token: admin.token, body: {} });
    const before = await progress();
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ total: 2, encrypted: 1, plain: 1 });
    expect((await t.op('encryptionProgress', { token: tutor.token, body: {} })).status).toBe(403);

    expect(await queueLadderEncryption(t.ctx.db)).toBe(1);
    // Queued once: a second start while it waits queues nothing more.
    expect(await queueLadderEncryption(t.ctx.db)).toBe(0);
    await expect.poll(async () => (await progress()).body.plain, { timeout: 60_000 }).toBe(0);
    expect((await progress()).body).toMatchObject({ total: 2, encrypted: 2 });

    const [row] = await t.ctx.db.select().from(media).where(eq(media.key, key));
    expect(row!.hlsPrefix).not.toBe(`hls/${oldId}`);
    const newId = row!.hlsPrefix!.slice('hls/'.length);
    const variant = readFileSync(
      path.join(t.dataDir, 'media', row!.hlsPrefix!, '240p', 'index.m3u8'),
      'utf8',
    );
    expect(variant).toContain(`URI="/media/key/${newId}/0"`);
    const segment = path.join(t.dataDir, 'media', row!.hlsPrefix!, '240p', 'seg_000.ts');
    expect(decodesVideo(segment)).toBe(false);
    // The plain copy goes once the lesson plays from the new one.
    await expect
      .poll(() => t.ctx.storage.stat(`hls/${oldId}/240p/seg_000.ts`), { timeout: 10_000 })
      .toBeNull();
    expect(await t.ctx.storage.stat(`hls/${oldId}/master.m3u8`)).toBeNull();
  }, 90_000);
});
