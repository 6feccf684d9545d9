/**
 * Node flags the server process runs with, wherever it is started (`npm start` in package.json, the e2e and
 * benchmark servers, the cluster check). V8 sizes its heap limit from the machine's memory (gigabytes) and lets
 * the heap grow towards it before collecting: under 100 connections of uncached catalogue reads the server reached
 * 300+ MB while its live heap stayed under 60 MB. A 192 MB old-space limit keeps it near 200 MB at the same
 * throughput (docs/PERFORMANCE.md, issue 12), and leaves more than three times the live heap for bursts. The young
 * generation's 8 MB semi-spaces (16 MB by default) keep the peak under 250 MB once uncached pages come twice as fast
 * (course cards): 258-259 -> 234 MB in bench:http at the same throughput.
 * package.json's `start` script, the systemd unit and deploy/README.md write the same flags (test/server-flags.test.ts
 * checks that they agree).
 */
export const SERVER_NODE_FLAGS = ['--max-old-space-size=192', '--max-semi-space-size=8'];
