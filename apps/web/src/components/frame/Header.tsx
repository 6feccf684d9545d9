import { lazy, Suspense, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useCart } from '@/lib/cart.ts';
import { useUnreadCount } from '@/lib/queries/notifications.ts';
import { displayName, useSession } from '@/lib/session.ts';
import { usePublishHeaderHeight } from './header-height.ts';
import { BellIcon, CartIcon, MenuIcon } from './icons.tsx';

// Only a signed-in visitor has a profile menu: a guest's first page does not load it.
const ProfileMenu = lazy(() => import('./ProfileMenu.tsx').then((m) => ({ default: m.ProfileMenu })));

/** The frame's header (spec §2 Header). `search` is the search box, supplied by the app. */
export function Header({
  search,
  navId,
  navOpen,
  onToggleNav,
  onOpenCart,
}: {
  search: ReactNode;
  navId: string;
  navOpen: boolean;
  onToggleNav: () => void;
  onOpenCart: () => void;
}) {
  const header = useRef<HTMLElement>(null);
  usePublishHeaderHeight(header);
  const session = useSession();
  const count = useCart().length;
  const unread =
    useUnreadCount(session.authenticated && session.role !== null && session.role !== 'admin').data ?? 0;
  return (
    <header className="site-header" ref={header}>
      <div className="container header-inner">
        <button
          type="button"
          className="icon-button menu-toggle"
          aria-label="Menu"
          aria-expanded={navOpen}
          aria-controls={navId}
          onClick={onToggleNav}
        >
          <MenuIcon />
        </button>
        <Link to="/" className="logo">
          DevLearn
        </Link>
        {search}
        <nav className="header-links" aria-label="Main">
          <Link to="/home/my-courses">My Learning</Link>
          <Link to="/teaching">Become a Instructor</Link>
        </nav>
        <div className="header-actions">
          <button
            type="button"
            className="icon-button cart-button"
            aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}
            onClick={onOpenCart}
          >
            <CartIcon />
            <span className="cart-count" aria-hidden="true">
              {count}
            </span>
          </button>
          {session.authenticated && session.role ? (
            <>
              <Link
                to="/home/notifications"
                className="icon-button bell-button"
                aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
              >
                <BellIcon />
                {unread > 0 && (
                  <span className="cart-count" aria-hidden="true">
                    {unread > 99 ? '99+' : unread}
                  </span>
                )}
              </Link>
              <Suspense fallback={<span className="avatar-placeholder" aria-hidden="true" />}>
                <ProfileMenu role={session.role} name={displayName(session)} />
              </Suspense>
            </>
          ) : (
            <div className="header-auth">
              <Link to="/login" className="btn btn-outline">
                Login
              </Link>
              <Link to="/signup" className="btn">
                Signup
              </Link>
            </div>
          )}
        </div>
      </div>
    </header>
  );
}
