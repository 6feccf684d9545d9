// Pieces shared by `npm run test:cluster` and `npm run bench:media`: child processes with their logs in a work
// folder, the API built into its own folder, the shipped nginx site run as a private non-daemon nginx, and a
// small API client with a streaming upload.
import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { closeSync, existsSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.dirname(path.dirname(path.dirname(fileURLToPath(import.meta.url))));
export const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Exits with an install hint when a system binary is missing. */
export function requireBinaries(...bins) {
  for (const bin of bins) {
    if (!existsSync(bin)) {
      console.error(`${bin} not found. Install it (Debian: apt-get install -y nginx redis-server).`);
      process.exit(1);
    }
  }
}

/** Child processes whose output goes to `<work>/<name>.log`; `stopAll` ends them (TERM, then KILL). */
export function processes(work) {
  const children = [];
  return {
    start(name, cmd, args, env = {}) {
      const out = openSync(path.join(work, `${name}.log`), 'a');
      const child = spawn(cmd, args, { env: { ...process.env, ...env }, stdio: ['ignore', out, out] });
      closeSync(out);
      children.push(child);
      return child;
    },
    async stopAll() {
      const alive = () => children.filter((c) => c.exitCode === null && c.signalCode === null);
      for (const c of alive()) c.kill('SIGTERM');
      await sleep(300);
      for (const c of alive()) c.kill('SIGKILL');
    },
  };
}

/** Polls `url` until it answers 2xx; fails early when `child` exits. */
export async function waitFor(url, what, child, ms = 60_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`${what} exited (see its log)`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`${what} did not come up within ${ms / 1000} s`);
    await sleep(200);
  }
}

/** Builds the API into apps/api/<outDir> (beside dist/, so packages resolve); returns main.js and a remover. */
export function buildApi(outDir) {
  execFileSync(process.execPath, ['build.mjs'], {
    cwd: path.join(root, 'apps/api'),
    stdio: 'inherit',
    env: { ...process.env, API_OUT_DIR: outDir },
  });
  const dir = path.join(root, 'apps/api', outDir);
  return { main: path.join(dir, 'main.js'), remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Runs deploy/nginx/devlearn.conf (the shipped site) in a private nginx: its upstream lines become `upstreams`
 * (ports), its port `listen`, its media folder `mediaDir`; `extra` is added inside the server block.
 */
export async function startNginx(procs, work, { upstreams, listen, mediaDir, extra = '' }) {
  const site = readFileSync(path.join(root, 'deploy/nginx/devlearn.conf'), 'utf8')
    .replace(
      /(\n\s*server 127\.0\.0\.1:300\d [^\n]*)+/,
      upstreams.map((p) => `\n    server 127.0.0.1:${p} max_fails=2 fail_timeout=5s;`).join(''),
    )
    .replace(/listen 8080;/, `listen 127.0.0.1:${listen};`)
    .replaceAll('/srv/devlearn/apps/web/dist', path.join(root, 'apps/web/dist'))
    .replaceAll('/srv/devlearn/data/media/', `${mediaDir}/`)
    .replace(/\n}\s*$/, `\n${extra}\n}\n`);
  writeFileSync(path.join(work, 'devlearn.conf'), site);
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
    (t) => `  ${t}_temp_path ${work}/${t}_temp;`,
  );
  writeFileSync(
    path.join(work, 'nginx.conf'),
    [
      'worker_processes 1;',
      `pid ${work}/nginx.pid;`,
      `error_log ${work}/nginx-error.log warn;`,
      'events { worker_connections 1024; }',
      'http {',
      '  include /etc/nginx/mime.types;',
      `  access_log ${work}/nginx-access.log;`,
      ...temp,
      `  include ${work}/devlearn.conf;`,
      '}',
      '',
    ].join('\n'),
  );
  const nginx = procs.start('nginx', NGINX, [
    '-p',
    work,
    '-c',
    path.join(work, 'nginx.conf'),
    '-g',
    'daemon off;',
  ]);
  await waitFor(`http://127.0.0.1:${listen}/nginx-health`, 'nginx', nginx);
  return nginx;
}

/** JSON calls under /dl/api/v1 of `baseUrl`: `{ status, body }`, never throws on an HTTP status. */
export function client(baseUrl) {
  return async function call(p, { body, token, method, headers = {} } = {}) {
    const h = { ...headers };
    if (body !== undefined) h['content-type'] = 'application/json';
    if (token) h.apiKey = token;
    const res = await fetch(`${baseUrl}/dl/api/v1${p}`, {
      method: method ?? (body === undefined ? 'GET' : 'POST'),
      headers: h,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let json;
    try {
      json = JSON.parse(text);
    } catch {
      json = { responseDto: { message: text.slice(0, 200) } };
    }
    return { status: res.status, body: json };
  };
}

/** The first bytes of an MP4 (what the upload's format sniffing looks for). */
export const MP4_HEAD = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypisom'),
  Buffer.from([0, 0, 2, 0]),
  Buffer.from('isomiso2'),
]);
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A multipart upload whose file part streams in (at about `perSecond` when given), so it can be in flight a while. */
export async function upload(baseUrl, token, type, bytes, perSecond = Infinity) {
  const boundary = `----stack${randomUUID()}`;
  const file = type === 'image' ? ['f.png', 'image/png'] : ['f.mp4', 'video/mp4'];
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\n${type}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nupload\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${file[0]}"\r\n` +
      `Content-Type: ${file[1]}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = 64 * 1024;
  const body = new ReadableStream({
    async start(ctrl) {
      ctrl.enqueue(head);
      for (let i = 0; i < bytes.length; i += chunk) {
        ctrl.enqueue(bytes.subarray(i, i + chunk));
        if (perSecond !== Infinity) await sleep((chunk / perSecond) * 1000);
      }
      ctrl.enqueue(tail);
      ctrl.close();
    },
  });
  const res = await fetch(`${baseUrl}/dl/api/v1/images/add`, {
    method: 'POST',
    headers: {
      apiKey: token,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(head.length + bytes.length + tail.length),
    },
    body,
    duplex: 'half',
  });
  const json = await res.json().catch(() => ({}));
  return { status: res.status, url: json.url };
}
