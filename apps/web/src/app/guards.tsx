import { useEffect, useState, type ReactNode } from 'react';
import { ROLE_TABLE } from '@app/contract/roles';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { loginPath } from '@/lib/login-return.ts';
import { clearSession, sessionExpired, useSession, type Role } from '@/lib/session.ts';

/**
 * Protected screens: an expired session clears storage and goes to /login (spec §4); a guest or another role is
 * sent to the right login screen, which returns to this screen after signing in.
 */
export function RequireRole({ role, children }: { role: Role; children: ReactNode }) {
  const session = useSession();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const expired = session.role !== null && sessionExpired();
  // Once storage is cleared the session looks like a guest's; `leaving` keeps that from redirecting elsewhere.
  const [leaving, setLeaving] = useState(false);
  useEffect(() => {
    if (expired) {
      setLeaving(true);
      clearSession();
      void navigate('/login', { replace: true });
    }
  }, [expired, navigate]);
  if (expired || leaving) return null;
  if (!session.authenticated || session.role !== role)
    return <Navigate to={loginPath(`${pathname}${search}`, ROLE_TABLE[role].login)} replace />;
  return <>{children}</>;
}
