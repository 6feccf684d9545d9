import { Suspense, useCallback, useEffect, useState } from 'react';
import { lazyWithWords } from '@/lib/lazy-screen.ts';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { Footer } from '@/components/frame/Footer.tsx';
import { Header } from '@/components/frame/Header.tsx';
import { OfflinePage } from '@/components/frame/OfflinePage.tsx';
import { MobileNav } from '@/components/frame/MobileNav.tsx';
import { useT } from '@/lib/i18n/index.ts';
import { useOnline } from '@/lib/online.ts';
import { worksOffline } from '@/lib/offline/works-offline.ts';
import { authState, dropExpiredToken, useFinishLogout, useSession } from '@/lib/session.ts';
import { SearchBox } from '@/features/search/SearchBox.tsx';
import '@/components/frame/frame.css';
import { AccountLanguage } from './AccountLanguage.tsx';

// The cart panel (and the toasts it raises) loads on first open, keeping it out of the initial download.
const CartPanel = lazyWithWords(() =>
  import('@/components/frame/CartPanel.tsx').then((m) => ({ default: m.CartPanel })),
);

const EXPIRY_CHECK_MS = 30_000;
const NAV_ID = 'mobile-nav';

/** Spec §4 in the frame: an expired token is removed and the visitor goes to / as a guest. */
function useExpiredTokenGoesHome() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(() => {
    const check = () => {
      if (authState() !== 'expired') return;
      dropExpiredToken();
      void navigate('/', { replace: true });
    };
    check();
    const timer = setInterval(check, EXPIRY_CHECK_MS);
    return () => clearInterval(timer);
  }, [pathname, navigate]);
}

/** The shared frame: header (with search, cart and profile menu), the page, footer; cart panel and mobile nav. */
export function Frame() {
  useExpiredTokenGoesHome();
  useFinishLogout();
  const t = useT();
  const session = useSession();
  const online = useOnline();
  const { pathname } = useLocation();
  // A panel remembers the page it was opened on, so moving to another page closes it without an effect.
  const [cartOpenOn, setCartOpenOn] = useState<string | null>(null);
  const [navOpenOn, setNavOpenOn] = useState<string | null>(null);
  const cartOpen = cartOpenOn === pathname;
  const navOpen = navOpenOn === pathname;
  const closeCart = useCallback(() => setCartOpenOn(null), []);
  const closeNav = useCallback(() => setNavOpenOn(null), []);

  return (
    <div className="frame">
      <AccountLanguage />
      <a href="#main" className="skip-link">
        {t('frame.skipToContent')}
      </a>
      <Header
        search={<SearchBox />}
        navId={NAV_ID}
        navOpen={navOpen}
        onToggleNav={() => setNavOpenOn(navOpen ? null : pathname)}
        onOpenCart={() => setCartOpenOn(pathname)}
      />
      <MobileNav id={NAV_ID} open={navOpen} authenticated={session.authenticated} onClose={closeNav} />
      {cartOpen && (
        <Suspense fallback={null}>
          <CartPanel open onClose={closeCart} />
        </Suspense>
      )}
      <main id="main">
        {online || worksOffline(pathname) ? (
          <Suspense fallback={<p className="page-loading">{t('common.loading')}</p>}>
            <Outlet />
          </Suspense>
        ) : (
          <OfflinePage />
        )}
      </main>
      <Footer />
    </div>
  );
}
