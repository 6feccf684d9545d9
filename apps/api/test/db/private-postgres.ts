import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A PostgreSQL cluster of the test's own (initdb into a temporary folder, on a free port), which the test may
 * stop and start: never the machine's own server.
 */
export type PrivatePostgres = {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** SIGSTOP (or SIGCONT) to the server and its backends: it accepts connections but answers nothing. */
  freeze(): void;
  thaw(): void;
  destroy(): Promise<void>;
};

/** The postmaster (first line of postmaster.pid) and the processes it started, by id. */
function serverPids(data: string): number[] {
  const main = Number(readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const children = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        // /proc/<pid>/stat: "pid (comm) state ppid …"; comm may hold spaces, so read after the last ')'.
        const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === main;
      } catch {
        return false;
      }
    })
    .map(Number);
  return [main, ...children];
}

/** The newest installed PostgreSQL's bin folder holding initdb and pg_ctl, or why there is none. */
export function findPostgresBin(): { bin: string } | { missing: string } {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter(
          (v) =>
            existsSync(path.join(root, v, 'bin', 'initdb')) &&
            existsSync(path.join(root, v, 'bin', 'pg_ctl')),
        )
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions.length) return { missing: `no initdb and pg_ctl under ${root}/*/bin (install postgresql)` };
  if (process.getuid?.() === 0 && !userId('postgres'))
    return { missing: 'running as root, and there is no postgres user to run initdb as' };
  return { bin: path.join(root, versions[0]!, 'bin') };
}

function userId(name: string): number | null {
  try {
    return Number(execFileSync('id', ['-u', name], { encoding: 'utf8' }).trim());
  } catch {
    return null;
  }
}

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export async function startPrivatePostgres(bin: string): Promise<PrivatePostgres> {
  const dir = mkdtempSync(path.join(tmpdir(), 'devlearn-pg-'));
  const data = path.join(dir, 'data');
  // initdb refuses to run as root: then the cluster belongs to the postgres user.
  const asRoot = process.getuid?.() === 0;
  const postgresUid = asRoot ? userId('postgres')! : null;
  if (postgresUid !== null) chownSync(dir, postgresUid, postgresUid);
  // Asynchronous, so the server under test (in this process) keeps answering while PostgreSQL stops and starts.
  const run = async (tool: string, args: string[]) => {
    const [file, all] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args]]
      : [path.join(bin, tool), args];
    await promisify(execFile)(file, all);
  };
  const port = await freePort();
  await run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  const start = () =>
    run('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-o', options, '-w', '-t', '30', 'start']);
  const stop = () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '30', 'stop']);
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    freeze: () => serverPids(data).forEach((pid) => process.kill(pid, 'SIGSTOP')),
    thaw: () => serverPids(data).forEach((pid) => process.kill(pid, 'SIGCONT')),
    async destroy() {
      await stop().catch(() => undefined); // already stopped
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
