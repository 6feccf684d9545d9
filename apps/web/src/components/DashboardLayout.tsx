import type { ReactNode } from 'react';
import { Link, NavLink, Outlet } from 'react-router';
import { useLogout } from '@/lib/session.ts';
import './dashboard-layout.css';

/** `badge`: a count shown beside the label (the unread notifications), left out when 0. */
export type DashboardLink = { to: string; label: string; end?: boolean; badge?: number };

/** The tutor and admin areas: a side menu and the page beside it. */
export function DashboardLayout({
  title,
  links,
  children,
}: {
  title: string;
  links: DashboardLink[];
  children?: ReactNode;
}) {
  const logout = useLogout();
  return (
    <div className="dashboard">
      <aside className="dashboard-nav">
        <Link to="/" className="logo">
          DevLearn
        </Link>
        <p className="dashboard-title">{title}</p>
        <nav aria-label={`${title} menu`}>
          {links.map((l) => (
            <NavLink
              key={l.to}
              to={l.to}
              end={l.end}
              aria-label={l.badge ? `${l.label}, ${l.badge} unread` : undefined}
            >
              {l.label}
              {l.badge ? (
                <span className="nav-badge" aria-hidden="true">
                  {l.badge > 99 ? '99+' : l.badge}
                </span>
              ) : null}
            </NavLink>
          ))}
        </nav>
        <button type="button" className="link-button" onClick={logout}>
          Logout
        </button>
      </aside>
      <main className="dashboard-main">{children ?? <Outlet />}</main>
    </div>
  );
}
