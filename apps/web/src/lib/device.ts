/**
 * This browser's own device id (docs/media.md, "What is protected"): random, made once and kept in its storage,
 * sent with every playback call and key request. The server counts devices by it (MAX_DEVICES) and binds key
 * tokens to it; a removed device gets a new one after its downloads are deleted.
 */
const DEVICE_KEY = 'devlearn.device';

export function deviceId(): string {
  let id = localStorage.getItem(DEVICE_KEY);
  if (!id) {
    const bytes = crypto.getRandomValues(new Uint8Array(18));
    id = `d${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
    localStorage.setItem(DEVICE_KEY, id);
  }
  return id;
}

/** The headers of a key request (`GET /media/key/...`): the key token, this device and the session's token. */
export function keyHeaders(keyToken: string, apiKey: string | null): Record<string, string> {
  return { 'X-Key-Token': keyToken, 'X-Device-Id': deviceId(), ...(apiKey ? { apiKey } : {}) };
}

/** Forgets this browser's id (it was removed from the account): the next play registers it anew. */
export const forgetDeviceId = () => localStorage.removeItem(DEVICE_KEY);
