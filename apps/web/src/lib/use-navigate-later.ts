import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';

/**
 * `navigateLater(to, ms)`: go to `to` after `ms` (a toast is read first), unless the screen has gone by then. The
 * redirects after sign-up, login, a password reset and "You need to login" all wait this way.
 */
export function useNavigateLater() {
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(
    (to: string, ms: number) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void navigate(to), ms);
    },
    [navigate],
  );
}
