// The e2e run's mailbox: a minimal SMTP server on 127.0.0.1 that accepts every message and appends it to a
// JSON-lines file ({to: [addresses], raw: the message as sent}), so specs can read an emailed code.
import { appendFileSync } from 'node:fs';
import net from 'node:net';

/** Starts the sink writing to `file`; answers its `smtp://` URL (for SMTP_URL) and a stop function. */
export async function startMailSink(file) {
  const server = net.createServer((socket) => {
    socket.setEncoding('utf8');
    socket.on('error', () => {});
    const reply = (line) => socket.write(`${line}\r\n`);
    let buffer = '';
    let to = [];
    let data = null;
    reply('220 e2e-mail-sink ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk;
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data) {
          if (line !== '.') {
            data.push(line.startsWith('..') ? line.slice(1) : line);
            continue;
          }
          appendFileSync(file, `${JSON.stringify({ to, raw: data.join('\n') })}\n`);
          [to, data] = [[], null];
          reply('250 OK');
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 e2e-mail-sink');
        else if (verb === 'RCPT') {
          to.push((/<([^>]*)>/.exec(line)?.[1] ?? '').toLowerCase());
          reply('250 OK');
        } else if (verb === 'DATA') {
          data = [];
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (verb === 'QUIT') {
          reply('221 Bye');
          socket.end();
        } else reply('250 OK');
      }
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `smtp://127.0.0.1:${server.address().port}`, stop: () => server.close() };
}
