// `npm run bench:media`: a signed video through nginx (the instance checks signature and entitlement, answers
// X-Accel-Redirect, nginx sends the file) against bare nginx sendfile of the same file, in the same run.
// Target: the signed path reaches at least 80 % of bare nginx. Exits 1 below it.
// BENCH_MEDIA_MB (default 256) sizes the video; BENCH_MEDIA_ROUNDS (default 7) the downloads per path;
// BENCH_MEDIA_PORT (default 3136) the instance, +1 nginx. Needs curl and nginx.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  buildApi,
  client,
  MP4_HEAD,
  NGINX,
  PNG,
  processes,
  requireBinaries,
  startNginx,
  upload,
  waitFor,
} from './lib/stack.mjs';
import { SERVER_NODE_FLAGS } from './server-flags.mjs';

requireBinaries(NGINX, '/usr/bin/curl');
const mb = Number(process.env.BENCH_MEDIA_MB ?? 256);
const rounds = Number(process.env.BENCH_MEDIA_ROUNDS ?? 7);
const port = Number(process.env.BENCH_MEDIA_PORT ?? 3136);
const nginxPort = port + 1;
const work = mkdtempSync(path.join(tmpdir(), 'devlearn-bench-media-'));
// nginx's workers (user nobody when started as root) read the media files from here.
chmodSync(work, 0o755);
const procs = processes(work);
const built = buildApi(`.bench-build-media-${process.pid}`);
const mediaDir = path.join(work, 'data', 'media');

/** One download with curl: bytes and MiB/s as curl measured them, and the status. */
function download(url, range) {
  const out = execFileSync(
    'curl',
    [
      '-s',
      '-o',
      '/dev/null',
      '-w',
      '%{http_code} %{size_download} %{speed_download}',
      ...(range ? ['-r', range] : []),
      url,
    ],
    { encoding: 'utf8' },
  );
  const [status, size, speed] = out.trim().split(' ').map(Number);
  return { status, size, mibs: speed / 1024 / 1024 };
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

let exitCode = 1;
try {
  const instance = procs.start('instance', process.execPath, [...SERVER_NODE_FLAGS, built.main], {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: path.join(work, 'data'),
    DATABASE_URL: '',
    JWT_SECRET: 'bench-media-secret-bench-media-secret-00',
    PUBLIC_URL: `http://127.0.0.1:${nginxPort}`,
    MEDIA_ACCEL_REDIRECT: '/protected-media/',
    TRUST_PROXY: '127.0.0.1',
    S3_BUCKET: '',
    DEMO_DATA: 'false',
    ADMIN_PASSWORD: 'AdminPass123!',
    LOG_LEVEL: 'warn',
    MAX_VIDEO_BYTES: String((mb + 1) * 1024 * 1024),
  });
  await waitFor(`http://127.0.0.1:${port}/dl/api/v1/openapi.json`, 'the instance', instance);
  // The shipped site, plus a bare location on the same files with the same settings as /protected-media/
  // (only `internal` differs): the baseline.
  await startNginx(procs, work, {
    upstreams: [port],
    listen: nginxPort,
    mediaDir,
    extra: `    location /bare-media/ {\n        alias ${mediaDir}/;\n        sendfile on;\n        tcp_nopush on;\n        output_buffers 2 1m;\n    }`,
  });
  const nginx = `http://127.0.0.1:${nginxPort}`;
  const api = client(nginx);

  const password = 'Passw0rd!23';
  const email = `bench-${process.pid}@media.test`;
  const signup = await api('/staff/add', {
    body: {
      fullName: 'Tunde Bello',
      email,
      phoneNumber: '08012345678',
      password,
      confirmPassword: password,
      category: 'Website development',
      gender: 'Male',
      age: 34,
      certificateUrl: 'https://example.com/certificate.pdf',
    },
  });
  if (signup.status !== 200) throw new Error(`sign-up: ${signup.body.responseDto?.message}`);
  const { token } = (await api('/login/staff', { body: { userName: email, password } })).body;
  const image = await upload(nginx, token, 'image', PNG);
  const video = await upload(
    nginx,
    token,
    'video',
    Buffer.concat([MP4_HEAD, Buffer.alloc(mb * 1024 * 1024, 5)]),
  );
  if (!video.url) throw new Error(`video upload failed (${video.status})`);
  const created = await api('/course/tutoraddcourses', {
    token,
    body: {
      title: 'Bench course',
      description: 'Throughput of protected media.',
      nairaPrice: 1000,
      courseImageUrl: image.url,
      courseVideoUrl: video.url,
      courseGroup: 'SoftwareEngineering',
      courseCategory: 'BackendEngineer',
      sectionDto: [
        { title: 'One', seriesList: [{ title: 'Lesson', videoLink: video.url, videoFile: 'l.mp4' }] },
      ],
    },
  });
  // The owning tutor's view of the course carries a link signed for them, as a buyer's would be.
  const signed = created.body.coursesDto?.courseVideoUrl;
  if (!signed) throw new Error(`course creation: ${created.body.responseDto?.message}`);
  const signedUrl = new URL(signed, nginx).toString();
  const bareUrl = `${nginx}/bare-media/${new URL(video.url, nginx).pathname.replace(/^\/media\//, '')}`;

  const part = download(signedUrl, '1000-1999');
  console.log(`signed link with Range through nginx: ${part.status}, ${part.size} bytes`);
  const unsigned = download(new URL(video.url, nginx).toString());
  console.log(`unsigned link: ${unsigned.status}`);
  if (part.status !== 206 || part.size !== 1000 || unsigned.status !== 403)
    throw new Error('signed media misbehaves');

  download(bareUrl); // page cache warm for both
  const bare = [];
  const viaApp = [];
  for (let i = 0; i < rounds; i++) {
    const b = download(bareUrl);
    const s = download(signedUrl);
    if (b.status !== 200 || s.status !== 200 || s.size !== b.size) throw new Error('a download failed');
    bare.push(b.mibs);
    viaApp.push(s.mibs);
  }
  const ratio = median(viaApp) / median(bare);
  console.log('');
  console.log(`protected media, ${mb} MiB video, ${rounds} downloads each, medians (curl, loopback):`);
  console.log(`  bare nginx sendfile:                         ${median(bare).toFixed(0)} MiB/s`);
  console.log(`  signed link: instance checks + X-Accel-Redirect: ${median(viaApp).toFixed(0)} MiB/s`);
  console.log(`  ratio: ${(ratio * 100).toFixed(1)} % (target >= 80 %)`);
  exitCode = ratio >= 0.8 ? 0 : 1;
} catch (err) {
  console.error(err);
  console.error(`logs in ${work}`);
} finally {
  await procs.stopAll();
  built.remove();
  if (exitCode === 0) rmSync(work, { recursive: true, force: true });
}
process.exit(exitCode);
