/**
 * Node flags the server process runs with, wherever it is started (`npm start` in package.json, the e2e and
 * benchmark servers, the cluster check). V8 sizes its heap limit from the machine's memory (gigabytes) and lets
 * the heap grow towards it before collecting: under 100 connections of uncached catalogue reads the server would
 * pass 300 MB while its live heap stays under 60 MB. A 192 MB old-space limit keeps the peak under 250 MB at the
 * same throughput and leaves more than three times the live heap for bursts. The young generation's semi-spaces
 * are 16 MB (V8's own size): with smaller ones the peak stays within a few MB, while the extra scavenges cost
 * 10-30 % of an uncached list page's throughput, because one server process does all the JSON work
 * (docs/PERFORMANCE.md, "Peak memory" under bench:http).
 * package.json's `start` script, the systemd unit and deploy/README.md write the same flags (test/server-flags.test.ts
 * checks that they agree).
 */
export const SERVER_NODE_FLAGS = ['--max-old-space-size=192', '--max-semi-space-size=16'];

/**
 * Environment every server process starts with, besides its own settings. glibc makes up to eight malloc arenas per
 * core, and the memory freed in one is not reused by another: with two, the peak RSS of `npm run bench:http`'s server
 * is 6-11 MB lower at the same throughput (docs/PERFORMANCE.md, "Peak memory"). It must be set before the process
 * starts, so the systemd unit and the scripts that spawn servers each set it. `npm start` does not: a variable
 * written before the command in package.json would break it in Windows' shell, and glibc's setting is Linux's only.
 */
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2' };
