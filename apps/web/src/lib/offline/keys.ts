/**
 * Downloaded lessons' video keys (docs/offline.md): the segments stay encrypted in Cache Storage, and each AES-128
 * key is kept in IndexedDB wrapped (AES-GCM) by a key of this device that Web Crypto made non-extractable, so no
 * script can read it out; the service worker unwraps a key only for the player, only while the lesson's licence
 * (30 days from the last online confirmation) holds. Deleting a download deletes its keys. No DOM here: the service
 * worker compiles this file too.
 */
import { idbDelete, idbGet, idbPut } from './idb.ts';
import { LICENCE_DAYS } from './licence.ts';

type WrappedKey = { id: string; seriesId: number; n: number; iv: ArrayBuffer; data: ArrayBuffer };
const LICENCE_MS = LICENCE_DAYS * 24 * 60 * 60 * 1000;

/** The local name of a downloaded lesson's key n, as its local playlist writes it. */
export const keyFile = (n: number) => `key_${n}`;
export const KEY_FILE = /^\/offline\/(\d+)\/key_(\d{1,6})$/;

async function wrappingKey(): Promise<CryptoKey> {
  const kept = await idbGet<{ name: string; key: CryptoKey }>('wrapping', 'device');
  if (kept) return kept.key;
  // Non-extractable: usable to encrypt and decrypt here, never exported.
  const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
    'encrypt',
    'decrypt',
  ]);
  await idbPut('wrapping', { name: 'device', key });
  return key;
}

/** Keeps a lesson's key n, wrapped. */
export async function keepKey(seriesId: number, n: number, raw: ArrayBuffer): Promise<void> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await wrappingKey(), raw);
  const record: WrappedKey = { id: `${seriesId}/${n}`, seriesId, n, iv: iv.buffer, data };
  await idbPut('keys', record);
}

/**
 * A downloaded lesson's key n for its player, or null when there is none or the lesson's licence has run out
 * (`confirmedAt` is when the app last confirmed online that the learner owns it).
 */
export async function openKey(seriesId: number, n: number, now = Date.now()): Promise<ArrayBuffer | null> {
  const download = await idbGet<{ confirmedAt: number; state: string }>('downloads', seriesId);
  if (!download || download.state !== 'done' || now - download.confirmedAt > LICENCE_MS) return null;
  const record = await idbGet<WrappedKey>('keys', `${seriesId}/${n}`);
  if (!record) return null;
  const key = await idbGet<{ key: CryptoKey }>('wrapping', 'device');
  if (!key) return null;
  return crypto.subtle.decrypt({ name: 'AES-GCM', iv: new Uint8Array(record.iv) }, key.key, record.data);
}

/** Deletes every key of a lesson. */
export const deleteKeys = (seriesId: number) =>
  idbDelete('keys', IDBKeyRange.bound(`${seriesId}/`, `${seriesId}/\uffff`));
