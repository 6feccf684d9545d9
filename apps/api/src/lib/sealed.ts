import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

// Secrets kept in the database are encrypted at rest (AES-256-GCM) with a key derived from the app's secret and
// what they are for: a database dump alone gives nobody the two-factor codes or the videos' keys.
const boxKey = (appSecret: string, purpose: string) =>
  createHash('sha256').update(`${purpose}:${appSecret}`).digest();

/** `v1.<iv>.<tag>.<body>` (base64url) of `text`, sealed for `purpose`. */
export function seal(appSecret: string, purpose: string, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', boxKey(appSecret, purpose), iv);
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The text `seal` sealed for `purpose`; throws when it was sealed with another secret or purpose, or altered. */
export function unseal(appSecret: string, purpose: string, sealed: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || !body) throw new Error(`unreadable sealed ${purpose}`);
  const decipher = createDecipheriv('aes-256-gcm', boxKey(appSecret, purpose), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
