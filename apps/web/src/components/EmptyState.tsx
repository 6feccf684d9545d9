import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** An empty list's message and the one way on from it (by default "Browse courses", to the home page). */
export function EmptyState({
  message,
  to = '/',
  action = 'Browse courses',
  className = 'empty-state card',
  children,
}: {
  message: string;
  to?: string;
  action?: string;
  className?: string;
  /** Drawn before the message (an icon). */
  children?: ReactNode;
}) {
  return (
    <div className={className}>
      {children}
      <p>{message}</p>
      <Link to={to} className="btn">
        {action}
      </Link>
    </div>
  );
}
