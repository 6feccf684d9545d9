import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSession } from '@/lib/session.ts';

/**
 * Many query keys (the wishlist, notifications, progress, a course's detail) do not name the account: when the
 * signed-in account changes (logout, expiry, a login as someone else), every cached answer is reset, so nobody is
 * shown the previous account's data. Nothing happens on first mount.
 */
export function AccountCacheReset() {
  const { authenticated, role, email } = useSession();
  const identity = authenticated ? `${role}|${email}` : null;
  const queryClient = useQueryClient();
  const previous = useRef(identity);
  useEffect(() => {
    if (previous.current === identity) return;
    previous.current = identity;
    void queryClient.resetQueries();
  }, [identity, queryClient]);
  return null;
}
