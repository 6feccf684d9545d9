import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildStudent, buildTutor, type TestAccount } from '../factories.ts';
import { buildApprovedCourse, MP4_BYTES, type TestCourse } from '../factories-course.ts';
import { startTestApp, type StartOptions } from '../harness.ts';
import { needs } from '../needs.ts';
import { watch } from '../orders/helpers.ts';
import { buyInSandbox } from '../payouts/helpers.ts';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const work = mkdtempSync(path.join(tmpdir(), 'devlearn-backup-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** `npm run backup` / `npm run restore` as an operator runs them, with the server's environment. */
function run(script: 'backup' | 'restore', arg: string, env: Record<string, string>) {
  const res = spawnSync(process.execPath, [path.join(root, 'scripts', `${script}.mjs`), arg], {
    cwd: root,
    encoding: 'utf8',
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    timeout: 120_000,
  });
  return { status: res.status, out: `${res.stdout}${res.stderr}` };
}

type Made = { student: TestAccount; course: TestCourse; reference: string; lessons: number };

/** A tutor's paid course with media, a student who bought it and watched half of it. */
async function makeData(opts: NonNullable<StartOptions>): Promise<Made> {
  const t = await startTestApp({ ...opts, env: { ...opts.env, SANDBOX_CONFIRM_DELAY_MS: '600000' } });
  try {
    const tutor = await buildTutor(t);
    const course = await buildApprovedCourse(t, tutor, { nairaPrice: 7500 });
    const student = await buildStudent(t);
    const reference = await buyInSandbox(t, student, [course.id]);
    const lessons = await watch(t, student.id, course.id, 0.5);
    return { student, course, reference, lessons };
  } finally {
    await t.close();
  }
}

/** Starts the app on the restored data and finds everything: sign-in, the purchase, progress, the video. */
async function expectRestored(opts: StartOptions, made: Made) {
  const t = await startTestApp(opts);
  try {
    const login = await t.op('loginCustomer', {
      body: { userName: made.student.email, password: made.student.password },
    });
    expect(login.status, login.text).toBe(200);
    const token = (login.body as { token: string }).token;
    const orders = await t.op('orderList', { body: { pageNo: 0, pageSize: 10 }, token });
    expect(orders.status, orders.text).toBe(200);
    expect(JSON.stringify(orders.body)).toContain(made.reference);
    const progress = await t.op('progressCourse', { body: { courseId: made.course.id }, token });
    expect(progress.status, progress.text).toBe(200);
    expect(progress.body.progress.completedSeriesIds).toHaveLength(made.lessons / 2);
    const course = await t.op('singleCourse', { params: { id: made.course.id }, token });
    expect(course.status, course.text).toBe(200);
    const video = course.body.coursesDto.courseVideoUrl!;
    expect(video).toContain('sig=');
    const part = await fetch(new URL(video, t.url), { headers: { range: 'bytes=0-99' } });
    expect([200, 206]).toContain(part.status);
    expect(Buffer.from(await part.arrayBuffer()).equals(MP4_BYTES.subarray(0, 100))).toBe(true);
  } finally {
    await t.close();
  }
}

describe('backup and restore of the embedded database', () => {
  it('backs up, refuses a non-empty place, restores into an empty one, and the app finds everything', async () => {
    const source = path.join(work, 'source');
    const made = await makeData({ dataDir: source, embedded: true });
    const archive = path.join(work, 'embedded.tar.gz');

    const backup = run('backup', archive, { DATA_DIR: source });
    expect(backup.status, backup.out).toBe(0);
    expect(backup.out).toMatch(
      /Backup written: .*embedded\.tar\.gz .*pglite database at \d{14}_\w+; local media/,
    );

    const refused = run('restore', archive, { DATA_DIR: source });
    expect(refused.status).toBe(1);
    expect(refused.out).toContain(`DATA_DIR (${source}) is not empty`);
    const missing = run('restore', path.join(work, 'nothing.tar.gz'), { DATA_DIR: path.join(work, 'x') });
    expect(missing.out).toContain('No such archive');

    const target = path.join(work, 'restored');
    const restored = run('restore', archive, { DATA_DIR: target });
    expect(restored.status, restored.out).toBe(0);
    expect(existsSync(path.join(target, 'media', made.course.videoKey))).toBe(true);
    await expectRestored({ dataDir: target, embedded: true }, made);
  }, 120_000);

  it('refuses to back up an embedded database a running server has open', async () => {
    const dir = path.join(work, 'open');
    mkdirSync(path.join(dir, 'pgdata'), { recursive: true });
    writeFileSync(path.join(dir, 'pgdata.lock'), String(process.pid));
    const res = run('backup', path.join(work, 'open.tar.gz'), { DATA_DIR: dir });
    expect(res.status).toBe(1);
    expect(res.out).toContain(`is open in a running server (pid ${process.pid})`);
  });
});

describe.skipIf(await needs('postgres'))('backup and restore of a PostgreSQL database', () => {
  const base = process.env.TEST_DATABASE_URL!;
  const names: string[] = [];
  const newDatabase = async (label: string) => {
    const name = `devlearn_${label}_${Date.now()}_${process.pid}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    names.push(name);
    const url = new URL(base);
    url.pathname = `/${name}`;
    return url.toString();
  };
  afterAll(async () => {
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    for (const name of names) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    // Dropping the databases waits for their last connections to end: on a loaded 2-core machine that has taken
    // over a minute.
  }, 180_000);

  it('dumps with pg_dump, refuses a database with tables, restores into a new one, and the app finds everything', async () => {
    const sourceUrl = await newDatabase('backup_src');
    const sourceDir = path.join(work, 'pg-source');
    const made = await makeData({ databaseUrl: sourceUrl, dataDir: sourceDir });
    const archive = path.join(work, 'postgres.tar.gz');
    const secret = 'test-secret-test-secret-test-secret-0123456789';

    const backup = run('backup', archive, {
      DATABASE_URL: sourceUrl,
      DATA_DIR: sourceDir,
      JWT_SECRET: secret,
    });
    expect(backup.status, backup.out).toBe(0);
    expect(backup.out).toContain('postgres database at');

    const refused = run('restore', archive, {
      DATABASE_URL: sourceUrl,
      DATA_DIR: path.join(work, 'pg-empty'),
      JWT_SECRET: secret,
    });
    expect(refused.status).toBe(1);
    expect(refused.out).toContain('The database at DATABASE_URL is not empty');

    const targetUrl = await newDatabase('backup_dst');
    const targetDir = path.join(work, 'pg-restored');
    const restored = run('restore', archive, {
      DATABASE_URL: targetUrl,
      DATA_DIR: targetDir,
      JWT_SECRET: secret,
    });
    expect(restored.status, restored.out).toBe(0);
    await expectRestored({ databaseUrl: targetUrl, dataDir: targetDir }, made);
  }, 120_000);
});
