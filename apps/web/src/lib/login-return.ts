import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { showActionToast } from './toast.ts';
import { useNavigateLater } from './use-navigate-later.ts';
import { t } from './i18n/index.ts';

/** Spec §6/§9: a guest is sent to /login this long after the 'You need to login' warning. */
export const LOGIN_REDIRECT_MS = 2000;

/** The query parameter that names where a login returns to. */
export const NEXT_PARAM = 'next';

/**
 * A `next` value the login screen may follow: a path of this site only ('/…', never '//host', '/\host' or a
 * scheme), so a crafted link cannot send a fresh sign-in elsewhere. Null when it is missing or foreign.
 */
export function safeNext(raw: string | null | undefined): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return null;
  try {
    const base = 'http://same.site';
    const url = new URL(raw, base);
    return url.origin === base ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}

/** The student login, returning to `returnTo` (a same-site path) after signing in. */
export function loginPath(returnTo: string, login = '/login'): string {
  const next = safeNext(returnTo);
  return next && next !== login ? `${login}?${NEXT_PARAM}=${encodeURIComponent(next)}` : login;
}

/**
 * A guest's add-to-cart, heart or checkout: the spec's 'You need to login' warning with a 'Log in' action, then
 * /login after 2 s (unless the screen has gone by then); either way the login returns to this page.
 */
export function useLoginRequired() {
  const navigate = useNavigate();
  const navigateLater = useNavigateLater();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  return useCallback(() => {
    const to = loginPath(here);
    showActionToast('warning', t('addToCart.loginRequired'), {
      label: t('addToCart.loginAction'),
      onClick: () => void navigate(to),
    });
    navigateLater(to, LOGIN_REDIRECT_MS);
  }, [here, navigate, navigateLater]);
}
