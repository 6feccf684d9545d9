import { existsSync, readFileSync } from 'node:fs';

// Emails go to a local SMTP sink (scripts/e2e.mjs) that appends each message to the file E2E_MAILBOX.
const MAILBOX = process.env.E2E_MAILBOX ?? '';
type Mail = { to: string[]; raw: string };

/** A mail's text with quoted-printable soft breaks and escapes undone, and base64 parts decoded. */
function mailText(raw: string): string {
  const qp = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  const parts = [
    ...raw.matchAll(/Content-Transfer-Encoding: base64\r?\n(?:[^\n]*\r?\n)*?\r?\n([A-Za-z0-9+/=\r\n]+)/g),
  ];
  return [qp, ...parts.map((p) => Buffer.from(p[1]!.replace(/\s/g, ''), 'base64').toString('utf8'))].join(
    '\n',
  );
}

/** The texts of the mails sent to `email` so far, newest first. */
export function mailsTo(email: string): string[] {
  if (!existsSync(MAILBOX)) return [];
  return readFileSync(MAILBOX, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Mail)
    .filter((m) => m.to.includes(email.toLowerCase()))
    .map((m) => mailText(m.raw))
    .reverse();
}

/** The first match of `pattern`'s first group in the newest mail to `email` that has one, or undefined. */
export function linkInMail(email: string, pattern: RegExp): string | undefined {
  for (const text of mailsTo(email)) {
    const found = pattern.exec(text)?.[1];
    if (found) return found;
  }
  return undefined;
}
