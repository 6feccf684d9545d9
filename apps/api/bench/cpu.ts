import { readdirSync, readFileSync } from 'node:fs';

/** utime + stime of a process in ms (clock ticks of 10 ms), 0 when it is gone. */
export function cpuOf(pid: number | string): number {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(f[11]) + Number(f[12])) * 10;
  } catch {
    return 0;
  }
}

/** Every local `postgres` process's CPU in ms (0 when PostgreSQL runs elsewhere). */
export function postgresMs(): number {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .reduce((sum, pid) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres' ? sum + cpuOf(pid) : sum;
      } catch {
        return sum;
      }
    }, 0);
}
