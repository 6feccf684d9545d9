import { Link } from '@/components/Link.tsx';
import { useDialog } from '@/components/use-dialog.ts';
import { useT } from '@/lib/i18n/index.ts';
import { LanguagePicker } from './LanguagePicker.tsx';
import { CloseButton } from './icons.tsx';

/** The small-screen menu opened by the header's toggle; Login and Signup show only when logged out. */
export function MobileNav({
  id,
  open,
  authenticated,
  onClose,
}: {
  id: string;
  open: boolean;
  authenticated: boolean;
  onClose: () => void;
}) {
  return open ? <MobileNavPanel id={id} authenticated={authenticated} onClose={onClose} /> : null;
}

function MobileNavPanel({
  id,
  authenticated,
  onClose,
}: {
  id: string;
  authenticated: boolean;
  onClose: () => void;
}) {
  const t = useT();
  const dialog = useDialog<HTMLElement>(onClose);
  return (
    <div className="drawer-backdrop" onClick={onClose}>
      <nav
        id={id}
        ref={dialog.ref}
        onKeyDown={dialog.onKeyDown}
        className="mobile-nav"
        aria-label={t('nav.mobileMenu')}
        onClick={(e) => e.stopPropagation()}
      >
        <div className="drawer-head">
          <Link to="/" className="logo" onClick={onClose}>
            DevLearn
          </Link>
          <CloseButton label={t('nav.closeMenu')} onClick={onClose} />
        </div>
        <ul>
          <li>
            <Link to="/" onClick={onClose}>
              {t('nav.home')}
            </Link>
          </li>
          <li>
            <Link to="/categories" onClick={onClose}>
              {t('nav.categories')}
            </Link>
          </li>
          <li>
            <Link to="/home/my-courses" onClick={onClose}>
              {t('nav.myLearning')}
            </Link>
          </li>
          <li>
            <Link to="/teaching" onClick={onClose}>
              {t('nav.becomeInstructor')}
            </Link>
          </li>
        </ul>
        <LanguagePicker className="mobile-nav-language" />
        {!authenticated && (
          <div className="mobile-nav-auth">
            <Link to="/login" className="btn btn-outline" onClick={onClose}>
              {t('auth.loginLink')}
            </Link>
            <Link to="/signup" className="btn" onClick={onClose}>
              {t('auth.signupLink')}
            </Link>
          </div>
        )}
      </nav>
    </div>
  );
}
