import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { TLoginResponse } from '@app/contract/accounts';
import type { TRole } from '@app/contract/common';
import { cart } from './cart.ts';
import { isOnline, onOnlineChange } from './online.ts';
import { KEYS } from './storage-keys.ts';

export type Role = TRole;
const SESSION_SECONDS = 60 * 60;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Reads `exp` (epoch seconds) from the middle part of a three-part token; null when unreadable. */
export function tokenExp(token: string): number | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp : null;
  } catch {
    return null;
  }
}

/** Login stores the token, email, role, user and an expiry one hour after login (epoch seconds). */
export function saveLogin(
  role: Role,
  res: Pick<TLoginResponse, 'token' | 'emailAddress' | 'userName'> & { fullName?: string },
) {
  localStorage.setItem(KEYS.token, res.token);
  if (res.fullName) localStorage.setItem(KEYS.name, res.fullName);
  else localStorage.removeItem(KEYS.name);
  localStorage.setItem(KEYS.email, res.emailAddress);
  localStorage.setItem(KEYS.role, role);
  localStorage.setItem(KEYS.user, res.userName);
  localStorage.setItem(KEYS.tokenExpiration, String(nowSeconds() + SESSION_SECONDS));
  emit();
}

/** Logout (and an expired session) clears all local storage. */
export function clearSession() {
  localStorage.clear();
  cart.reload();
  emit();
}

/** A profile save changed the email or user name: the stored keys (and the header) follow. */
export function updateIdentity(change: { email: string; userName: string; fullName?: string }) {
  localStorage.setItem(KEYS.email, change.email);
  if (change.fullName) localStorage.setItem(KEYS.name, change.fullName);
  localStorage.setItem(KEYS.user, change.userName);
  emit();
}

/** The server issued a fresh token (a password change retires the old ones): swap it in, keep the session. */
export function replaceToken(token: string) {
  localStorage.setItem(KEYS.token, token);
  localStorage.setItem(KEYS.tokenExpiration, String(nowSeconds() + SESSION_SECONDS));
  emit();
}

/** An expired token seen by the frame (spec §4): the sign-in keys are removed; the cart is kept. */
export function dropExpiredToken() {
  for (const key of [KEYS.token, KEYS.email, KEYS.role, KEYS.user, KEYS.name, KEYS.tokenExpiration])
    localStorage.removeItem(key);
  emit();
}

export function getToken(): string | null {
  // The server's render has no storage: it renders what a guest sees.
  return typeof localStorage === 'undefined' ? null : localStorage.getItem(KEYS.token);
}

export type AuthState = 'anonymous' | 'expired' | 'authenticated';

/**
 * Offline, a student's ended session still opens what is on the device (My courses' last answer, downloaded
 * lessons; docs/offline.md): nothing reaches the server anyway, and the expiry applies when the connection returns.
 */
const offlineGrace = () => !isOnline() && localStorage.getItem(KEYS.role) === 'user';

/** Authentication is derived from the stored token and its `exp` (spec §4). */
export function authState(): AuthState {
  const token = getToken();
  if (!token) return 'anonymous';
  const exp = tokenExp(token);
  if (exp === null || (exp < nowSeconds() && !offlineGrace())) return 'expired';
  return 'authenticated';
}

/** Protected screens also check the stored one-hour expiry. */
export function sessionExpired(): boolean {
  const stored = Number(localStorage.getItem(KEYS.tokenExpiration));
  return !stored || (stored < nowSeconds() && !offlineGrace()) || authState() !== 'authenticated';
}

export type Session = {
  authenticated: boolean;
  role: Role | null;
  email: string | null;
  user: string | null;
  /** The account's full name, when the login said it. */
  name: string | null;
};

/**
 * How the frame names the signed-in person: the account's full name, else a user name that is not an email, else
 * the email (the last resort: it is long, and not a name).
 */
export function displayName(session: Pick<Session, 'name' | 'user' | 'email'>): string {
  const name = session.name?.trim();
  if (name) return name;
  if (session.user && !session.user.includes('@')) return session.user;
  return session.user ?? session.email ?? '';
}

/** The first word of a name, for a greeting ('Welcome back, Ada!'); an email stays whole. */
export function firstName(name: string): string {
  const trimmed = name.trim();
  return trimmed.includes('@') ? trimmed : (trimmed.split(/\s+/)[0] ?? '');
}

/** What the server renders, and what the browser's first render (hydration) shows: a guest. */
const GUEST: Session = { authenticated: false, role: null, email: null, user: null, name: null };
const GUEST_KEY = [false, null, null, null, null].join('|');
const guest = () => GUEST;

let cached: Session | undefined;
let cachedKey = '';
function snapshot(): Session {
  const role = localStorage.getItem(KEYS.role) as Role | null;
  const email = localStorage.getItem(KEYS.email);
  const user = localStorage.getItem(KEYS.user);
  const name = localStorage.getItem(KEYS.name);
  const authenticated = authState() === 'authenticated';
  const key = [authenticated, role, email, user, name].join('|');
  if (!cached || key !== cachedKey) {
    // A guest's is the one the server rendered with: React then has nothing to render again after hydrating.
    cached = key === GUEST_KEY ? GUEST : { authenticated, role, email, user, name };
    cachedKey = key;
  }
  return cached;
}

/** Calls `listener` on login, logout, changes from other tabs and (the offline grace) the connection's changes. */
export function onSessionChange(listener: () => void) {
  listeners.add(listener);
  const onStorage = () => listener();
  window.addEventListener('storage', onStorage);
  const offOnline = onOnlineChange(listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
    offOnline();
  };
}

/** The session as stored now, outside React (a guest's where there is no storage: the server's render). */
export const currentSession = (): Session => (typeof localStorage === 'undefined' ? GUEST : snapshot());

/**
 * The current session, re-rendering on login, logout and changes from other tabs. A server-rendered page is
 * hydrated as a guest's, as the server rendered it; the signed-in visitor's own state follows at once.
 */
export function useSession(): Session {
  return useSyncExternalStore(onSessionChange, snapshot, guest);
}

type LogoutMark = { logout?: boolean } | null;

type LogoutHandler = (owner: string, token: string | null) => void;
let onLogout: LogoutHandler | undefined;
/** Called on an explicit logout with the account that leaves: lib/offline/start.ts removes its downloads. */
export function setLogoutHandler(fn: LogoutHandler) {
  onLogout = fn;
}

/**
 * Logout (spec §2) goes to / first and clears storage on arrival (useFinishLogout in the frame): clearing first
 * would let a protected screen, still mounted, send the now-guest to a login page instead.
 */
export function useLogout() {
  const navigate = useNavigate();
  return useCallback(() => void navigate('/', { state: { logout: true } }), [navigate]);
}

/**
 * In the frame: a navigation carrying the logout mark clears all local storage once it has arrived, and tells the
 * logout handler which account left (its downloads leave the device, so the next person on a shared phone cannot
 * play them).
 */
export function useFinishLogout() {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    if (!(location.state as LogoutMark)?.logout) return;
    const owner = localStorage.getItem(KEYS.email);
    const token = getToken();
    clearSession();
    if (owner) onLogout?.(owner, token);
    void navigate(location.pathname, { replace: true, state: null, preventScrollReset: true });
  }, [location, navigate]);
}
