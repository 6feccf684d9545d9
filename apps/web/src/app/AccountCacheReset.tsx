import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { currentSession, onSessionChange, type Session } from '@/lib/session.ts';

const identityOf = ({ authenticated, role, email }: Session) => (authenticated ? `${role}|${email}` : null);

/**
 * Many query keys (the wishlist, notifications, progress, a course's detail) do not name the account: when the
 * signed-in account changes (logout, expiry, a login as someone else), every cached answer is reset, so nobody is
 * shown the previous account's data. Nothing happens on first mount. The stored session is watched, not the one
 * React renders: a server-rendered page is hydrated as a guest's, and the signed-in visitor who then appears is no
 * change of account (the answers the page was rendered with stay on screen).
 */
export function AccountCacheReset() {
  const queryClient = useQueryClient();
  useEffect(() => {
    let previous = identityOf(currentSession());
    return onSessionChange(() => {
      const identity = identityOf(currentSession());
      if (identity === previous) return;
      previous = identity;
      void queryClient.resetQueries();
    });
  }, [queryClient]);
  return null;
}
