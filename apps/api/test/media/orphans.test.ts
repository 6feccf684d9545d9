import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
// @ts-expect-error s3rver ships no type declarations
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORPHAN_GRACE_MS, sweepOrphanUploads } from '../../src/commands/sweep-orphans.ts';
import { courses, media } from '../../src/db/schema.ts';
import { s3Storage } from '../../src/services/storage/s3.ts';
import type { Storage } from '../../src/services/storage/storage.ts';
import { buildTutor, type TestAccount } from '../factories.ts';
import { buildCourse, PNG_BYTES } from '../factories-course.ts';
import { startTestApp, type TestApp } from '../harness.ts';

const later = () => Date.now() + ORPHAN_GRACE_MS + 60_000;
const put = (storage: Storage, key: string) => storage.put(key, Readable.from([PNG_BYTES]), 'image/png');
const exists = async (storage: Storage, keys: string[]) =>
  Promise.all(keys.map(async (k) => (await storage.stat(k)) !== null));

/**
 * Objects an interrupted upload leaves behind (stored, never recorded) go once a day old; nothing a row refers to,
 * nothing younger and nothing the upload route did not name is ever touched.
 */
async function sweepsOnlyOrphans(t: TestApp, tutor: TestAccount, storage: Storage) {
  const ctx = { db: t.ctx.db, storage };
  const recorded = `images/${randomUUID()}.png`;
  await put(storage, recorded);
  await t.ctx.db
    .insert(media)
    .values({ key: recorded, kind: 'image', ownerId: tutor.id, contentType: 'image/png', size: 1 });
  const orphan = `images/${randomUUID()}.png`;
  const orphanCopy = `${orphan}.w320.webp`;
  const orphanVideo = `videos/${randomUUID()}.mp4`;
  // An upload with no media row that a course still shows (as data from before media rows existed would).
  const legacy = `images/${randomUUID()}.png`;
  // Not named like an upload: a poster, a ladder, a demo file.
  const ladder = randomUUID();
  const others = [`images/${ladder}-poster.jpg`, `hls/${ladder}/master.m3u8`, 'images/demo-cover.png'];
  for (const key of [orphan, orphanCopy, orphanVideo, legacy, ...others]) await put(storage, key);
  const course = await buildCourse(t, tutor);
  await t.ctx.db.update(courses).set({ imageRef: legacy }).where(eq(courses.id, course.id));

  // Young objects stay, whatever refers to them: their row may be on its way.
  expect((await sweepOrphanUploads(ctx)).orphans).toEqual([]);
  const dry = await sweepOrphanUploads(ctx, { now: later(), dryRun: true });
  expect(dry.orphans.sort()).toEqual([orphan, orphanCopy, orphanVideo].sort());
  expect(await exists(storage, [orphan, orphanVideo])).toEqual([true, true]);

  const swept = await sweepOrphanUploads(ctx, { now: later() });
  expect(swept.orphans.sort()).toEqual(dry.orphans);
  expect(await exists(storage, [orphan, orphanCopy, orphanVideo])).toEqual([false, false, false]);
  expect(await exists(storage, [recorded, legacy, ...others])).toEqual([true, true, true, true, true]);
  // A second instance sweeping at the same time finds nothing left to do.
  expect((await sweepOrphanUploads(ctx, { now: later() })).orphans).toEqual([]);
}

describe('the orphaned upload sweep', () => {
  let t: TestApp;
  let tutor: TestAccount;
  let s3server: { run(): Promise<{ port: number }>; close(): Promise<void> };
  let s3Dir: string;
  let s3: Storage;
  beforeAll(async () => {
    t = await startTestApp();
    tutor = await buildTutor(t);
    s3Dir = mkdtempSync(path.join(tmpdir(), 'devlearn-s3rver-'));
    s3server = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: 'orphans', configs: [] }],
    });
    const { port } = await s3server.run();
    s3 = s3Storage({
      bucket: 'orphans',
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${port}`,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    });
  });
  afterAll(async () => {
    await s3server?.close();
    rmSync(s3Dir, { recursive: true, force: true });
    await t?.close();
  });

  it('on local disk', () => sweepsOnlyOrphans(t, tutor, t.ctx.storage));
  it('on S3 (s3rver)', () => sweepsOnlyOrphans(t, tutor, s3));
});
