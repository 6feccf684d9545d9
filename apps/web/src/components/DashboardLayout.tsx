import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Link, NavLink } from '@/components/Link.tsx';
import { useT } from '@/lib/i18n/index.ts';
import { useLogout } from '@/lib/session.ts';
import { MenuIcon } from './frame/icons.tsx';
import './dashboard-layout.css';

/** `badge`: a count shown beside the label (the unread notifications), left out when 0. */
export type DashboardLink = { to: string; label: string; end?: boolean; badge?: number };

const countText = (n: number) => (n > 99 ? '99+' : String(n));

/**
 * The tutor and admin areas: a side menu and the page beside it. On a phone the menu folds behind one button in a
 * bar above the page (the page's first field is then on the first screen); it closes when a page is chosen.
 */
export function DashboardLayout({
  title,
  links,
  children,
}: {
  title: string;
  links: DashboardLink[];
  children?: ReactNode;
}) {
  const t = useT();
  const logout = useLogout();
  const { pathname } = useLocation();
  const menuId = useId();
  // The menu remembers the page it was opened on, so moving to another page closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const unread = links.reduce((sum, l) => sum + (l.badge ?? 0), 0);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || !open) return;
    setOpenOn(null);
    document.getElementById(`${menuId}-toggle`)?.focus();
  };
  return (
    <div className="dashboard">
      <aside className="dashboard-nav" onKeyDown={onKeyDown}>
        <Link to="/" className="logo">
          DevLearn
        </Link>
        <p className="dashboard-title">{title}</p>
        <button
          type="button"
          id={`${menuId}-toggle`}
          className="dashboard-menu-toggle"
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => setOpenOn(open ? null : pathname)}
        >
          <MenuIcon />
          {t('dashboard.menu')}
          {unread ? (
            <>
              <span className="nav-badge" aria-hidden="true">
                {countText(unread)}
              </span>
              <span className="visually-hidden">{t('dashboard.unreadSuffix', { count: unread })}</span>
            </>
          ) : null}
        </button>
        <div id={menuId} className={open ? 'dashboard-menu open' : 'dashboard-menu'}>
          <nav aria-label={t('dashboard.menuOf', { title })} onClick={() => setOpenOn(null)}>
            {links.map((l) => (
              <NavLink
                key={l.to}
                to={l.to}
                end={l.end}
                aria-label={
                  l.badge ? t('dashboard.linkUnread', { label: l.label, count: l.badge }) : undefined
                }
              >
                {l.label}
                {l.badge ? (
                  <span className="nav-badge" aria-hidden="true">
                    {countText(l.badge)}
                  </span>
                ) : null}
              </NavLink>
            ))}
          </nav>
          <button type="button" className="link-button" onClick={logout}>
            {t('menu.logout')}
          </button>
        </div>
      </aside>
      <main className="dashboard-main">{children ?? <Outlet />}</main>
    </div>
  );
}
