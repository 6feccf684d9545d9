import { Suspense, useRef, type ReactNode } from 'react';
import { lazyWithWords } from '@/lib/lazy-screen.ts';
import { Link } from '@/components/Link.tsx';
import { useCart } from '@/lib/cart.ts';
import { useUnreadCount } from '@/lib/queries/notifications.ts';
import { useT } from '@/lib/i18n/index.ts';
import { displayName, useSession } from '@/lib/session.ts';
import { LanguagePicker } from './LanguagePicker.tsx';
import { usePublishHeaderHeight } from './header-height.ts';
import { BellIcon, CartIcon, MenuIcon } from './icons.tsx';

// Only a signed-in visitor has a profile menu: a guest's first page does not load it.
const ProfileMenu = lazyWithWords(() =>
  import('./ProfileMenu.tsx').then((m) => ({ default: m.ProfileMenu })),
);

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
  const t = useT();
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
          aria-label={t('header.menu')}
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
        <nav className="header-links" aria-label={t('header.mainNav')}>
          <Link to="/home/my-courses">{t('nav.myLearning')}</Link>
          <Link to="/teaching">{t('nav.becomeInstructor')}</Link>
        </nav>
        <div className="header-actions">
          <LanguagePicker className="header-language" />
          <button
            type="button"
            className="icon-button cart-button"
            aria-label={t('header.cartCount', { count })}
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
                aria-label={
                  unread > 0 ? t('header.notificationsUnread', { count: unread }) : t('header.notifications')
                }
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
                {t('auth.loginLink')}
              </Link>
              <Link to="/signup" className="btn">
                {t('auth.signupLink')}
              </Link>
            </div>
          )}
        </div>
      </div>
    </header>
  );
}
