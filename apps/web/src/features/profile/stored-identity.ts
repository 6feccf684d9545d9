import { KEYS } from '../../lib/storage-keys.ts';
import { getToken, saveLogin } from '../../lib/session.ts';

/**
 * Updates the stored email, user name and (when the server issued one) token, so the header follows the change.
 * Without a new token the stored expiry is kept: the session does not get longer.
 */
export function updateStoredIdentity(change: { email?: string; userName?: string; token?: string }) {
  const token = change.token ?? getToken();
  if (!token) return;
  const expiry = localStorage.getItem(KEYS.tokenExpiration);
  saveLogin('user', {
    token,
    emailAddress: change.email ?? localStorage.getItem(KEYS.email) ?? '',
    userName: change.userName ?? localStorage.getItem(KEYS.user) ?? '',
  });
  if (!change.token && expiry) localStorage.setItem(KEYS.tokenExpiration, expiry);
}
