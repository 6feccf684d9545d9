/**
 * Node flags the server process runs with, wherever it is started (`npm start` in package.json, the e2e and
 * benchmark servers, the cluster check). V8 sizes its heap limit from the machine's memory (gigabytes) and lets
 * the heap grow towards it before collecting: under 100 connections of uncached catalogue reads the server reached
 * 300+ MB while its live heap stayed under 60 MB. A 192 MB old-space limit keeps it near 200 MB at the same
 * throughput (docs/PERFORMANCE.md, issue 12), and leaves more than three times the live heap for bursts. The young
 * generation's semi-spaces are set to 16 MB (V8's own size): 8 MB kept the peak lower (234 MB against 258 in the fifth
 * session), but with one server process doing all the JSON work, the extra scavenges cost 10-30 % of an uncached list
 * page's throughput, and with the sixth session's bench:http the peak stays at 237-247 MB either way.
 * package.json's `start` script, the systemd unit and deploy/README.md write the same flags (test/server-flags.test.ts
 * checks that they agree).
 */
export const SERVER_NODE_FLAGS = ['--max-old-space-size=192', '--max-semi-space-size=16'];
