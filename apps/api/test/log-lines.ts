import { PassThrough } from 'node:stream';

/** A log stream for `useTestApp({ logStream })` and the JSON lines the server has written to it so far. */
export function captureLogLines(): { logStream: PassThrough; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const logStream = new PassThrough();
  let partial = '';
  logStream.on('data', (chunk: Buffer) => {
    const parts = (partial + chunk.toString('utf8')).split('\n');
    partial = parts.pop() ?? '';
    for (const p of parts) if (p.trim()) lines.push(JSON.parse(p) as Record<string, unknown>);
  });
  return { logStream, lines };
}
