import { useEffect, type ReactNode } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { clearSession, sessionExpired, useSession, type Role } from '../lib/session.ts';

const LOGIN_FOR: Record<Role, string> = { user: '/login', tutor: '/tutor-login', admin: '/admin-login' };

/**
 * Protected screens: an expired session clears storage and goes to /login (spec §4); a guest or another role is
 * sent to the right login screen.
 */
export function RequireRole({ role, children }: { role: Role; children: ReactNode }) {
  const session = useSession();
  const navigate = useNavigate();
  const expired = session.role !== null && sessionExpired();
  useEffect(() => {
    if (expired) {
      clearSession();
      navigate('/login', { replace: true });
    }
  }, [expired, navigate]);
  if (expired) return null;
  if (!session.authenticated || session.role !== role) return <Navigate to={LOGIN_FOR[role]} replace />;
  return <>{children}</>;
}
