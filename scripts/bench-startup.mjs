// `npm run bench:startup`: how long a restart on an existing data directory takes, from process start to the first
// 200 from /ready (target: 3 s), and the CPU the process spent until then.
//
// Builds the API into its own folder, starts it once on a fresh data directory (initdb, migrations, demo content,
// not measured), then restarts it STARTUP_RUNS times (5) on that directory. In the same run, as the baseline, it
// starts a bare `node:http` server answering 200 the same number of times: what any Node server on this machine
// costs before doing its own work. Prints each run, the medians and the server's share above the baseline.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApi } from './lib/stack.mjs';
import { SERVER_NODE_FLAGS } from './server-flags.mjs';

const RUNS = Number(process.env.STARTUP_RUNS ?? 5);
const PORT = Number(process.env.STARTUP_PORT ?? 3131);
const work = mkdtempSync(path.join(tmpdir(), 'devlearn-startup-'));
const api = buildApi(`.bench-build-startup-${process.pid}`);
process.on('exit', () => {
  api.remove();
  rmSync(work, { recursive: true, force: true });
});

const bare = path.join(work, 'bare.mjs');
writeFileSync(
  bare,
  `import http from 'node:http';
http.createServer((q, s) => s.end('ok')).listen(Number(process.env.PORT), '127.0.0.1');`,
);

const env = {
  ...process.env,
  PORT: String(PORT),
  HOST: '127.0.0.1',
  DATA_DIR: path.join(work, 'data'),
  DATABASE_URL: '',
  REDIS_URL: '',
  PAYSTACK_SECRET_KEY: '',
  SMTP_URL: '',
  LOG_LEVEL: 'warn',
};

/** CPU ticks (user + system) of a live process, in ms. */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * Starts `main` (after the node flags `flags`), polls `url` every 5 ms until it answers 200; returns wall and CPU
 * ms, then stops it.
 */
async function start(main, url, flags = []) {
  const t0 = performance.now();
  const child = spawn(process.execPath, [...flags, main], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise((r) => child.once('exit', r));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${main} exited with ${child.exitCode}`);
    if (performance.now() - t0 > 120_000) throw new Error(`${main} was not ready within 120 s`);
    const ok = await fetch(url).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 5));
  }
  const wall = performance.now() - t0;
  const cpu = cpuMs(child.pid);
  child.kill('SIGTERM');
  await exited;
  return { wall, cpu };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ready = `http://127.0.0.1:${PORT}/dl/api/v1/ready`;

console.log('First start (fresh data directory, demo content): not measured');
await start(api.main, ready, SERVER_NODE_FLAGS);
const server = [];
const baseline = [];
for (let i = 0; i < RUNS; i++) {
  // Interleaved, so both feel the same machine load.
  baseline.push(await start(bare, `http://127.0.0.1:${PORT}/`));
  server.push(await start(api.main, ready, SERVER_NODE_FLAGS));
  const s = server.at(-1);
  const b = baseline.at(-1);
  console.log(
    `run ${i + 1}: restart ${Math.round(s.wall)} ms (CPU ${s.cpu} ms); bare node ${Math.round(b.wall)} ms (CPU ${b.cpu} ms)`,
  );
}
const sw = median(server.map((r) => r.wall));
const sc = median(server.map((r) => r.cpu));
const bw = median(baseline.map((r) => r.wall));
const bc = median(baseline.map((r) => r.cpu));
const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
console.log(`
| median of ${RUNS} | to first 200 | CPU |
|---|---:|---:|
| restart on an existing data directory | ${Math.round(sw)} ms | ${sc} ms |
| bare node:http server (baseline) | ${Math.round(bw)} ms | ${bc} ms |
| server's own start-up (difference) | ${Math.round(sw - bw)} ms | ${sc - bc} ms |

target: restart ready in <= 3000 ms: ${sw <= 3000 ? 'met' : 'MISSED'} (load average ${load})`);
