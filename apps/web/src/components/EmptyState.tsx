import type { ReactNode } from 'react';
import { Link } from '@/components/Link.tsx';
import { useT } from '@/lib/i18n/index.ts';

/** An empty list's message and the one way on from it (by default "Browse courses", to the home page). */
export function EmptyState({
  message,
  to = '/',
  action,
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
  const t = useT();
  return (
    <div className={className}>
      {children}
      <p>{message}</p>
      <Link to={to} className="btn">
        {action ?? t('empty.browseCourses')}
      </Link>
    </div>
  );
}
