import net from 'node:net';

export type Answer = { status: number; body: Buffer; ms: number };

const HEAD_END = Buffer.from('\r\n\r\n');

/**
 * One viewer's keep-alive HTTP/1.1 connection, for a bench that stands in for many viewers from one process: a request
 * is written as one prepared string and its answer is read by its Content-Length (or chunks), nothing more. Node's
 * http client costs about as much CPU per request as the server's answer to a key (0.1-0.5 ms on a 2-core machine,
 * more before its code is warm), and its work on 200 answers queues on the one client thread: that time would be
 * counted in the last answers' latency as if the server had taken it. One request at a time per connection.
 */
export class ViewerConnection {
  private readonly socket: net.Socket;
  private pending: { resolve: (a: Answer) => void; reject: (e: Error) => void; t0: number } | null = null;
  private chunks: Buffer[] = [];
  private size = 0;
  private readonly ready: Promise<void>;

  constructor(
    private readonly host: string,
    private readonly port: number,
  ) {
    this.socket = net.connect({ host, port, noDelay: true });
    this.ready = new Promise((resolve, reject) => {
      this.socket.once('connect', resolve);
      this.socket.once('error', reject);
    });
    this.socket.on('data', (chunk: Buffer) => this.received(chunk));
    this.socket.on('error', (err) => this.fail(err));
    this.socket.on('close', () => this.fail(new Error('the server closed the connection')));
  }

  opened(): Promise<void> {
    return this.ready;
  }

  /** Sends one request; resolves with its status, body and latency (from the write to the last byte) in ms. */
  request(
    method: 'GET' | 'POST',
    path: string,
    headers: Record<string, string>,
    body?: unknown,
  ): Promise<Answer> {
    if (this.pending) return Promise.reject(new Error('one request at a time on a viewer connection'));
    const data = body === undefined ? '' : JSON.stringify(body);
    let head = `${method} ${path} HTTP/1.1\r\nhost: ${this.host}:${this.port}\r\n`;
    for (const [name, value] of Object.entries(headers)) head += `${name}: ${value}\r\n`;
    if (body !== undefined)
      head += `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(data)}\r\n`;
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject, t0: performance.now() };
      this.socket.write(`${head}\r\n${data}`);
    });
  }

  close(): void {
    this.pending = null;
    this.socket.destroy();
  }

  private received(chunk: Buffer) {
    this.chunks.push(chunk);
    this.size += chunk.length;
    const all = this.chunks.length === 1 ? chunk : Buffer.concat(this.chunks, this.size);
    const answer = parse(all);
    if (!answer || !this.pending) return;
    const { resolve, t0 } = this.pending;
    this.pending = null;
    this.chunks = [];
    this.size = 0;
    resolve({ ...answer, ms: performance.now() - t0 });
  }

  private fail(err: Error) {
    const pending = this.pending;
    this.pending = null;
    pending?.reject(err);
  }
}

/** A whole answer in `buf` (status and body), or null while more bytes are to come. */
function parse(buf: Buffer): { status: number; body: Buffer } | null {
  const end = buf.indexOf(HEAD_END);
  if (end < 0) return null;
  const head = buf.toString('latin1', 0, end);
  const status = Number(head.slice(9, 12));
  const start = end + HEAD_END.length;
  const length = /\r\ncontent-length: *(\d+)/i.exec(head);
  if (length) {
    const n = Number(length[1]);
    return buf.length >= start + n ? { status, body: buf.subarray(start, start + n) } : null;
  }
  if (!/\r\ntransfer-encoding: *chunked/i.test(head)) return { status, body: buf.subarray(start) };
  // Chunked: sizes in hex, each chunk followed by CRLF, the last of size 0.
  const parts: Buffer[] = [];
  for (let at = start; ;) {
    const line = buf.indexOf('\r\n', at);
    if (line < 0) return null;
    const n = parseInt(buf.toString('latin1', at, line), 16);
    if (n === 0) return buf.length >= line + 4 ? { status, body: Buffer.concat(parts) } : null;
    if (buf.length < line + 2 + n + 2) return null;
    parts.push(buf.subarray(line + 2, line + 2 + n));
    at = line + 2 + n + 2;
  }
}
