import { Link } from 'react-router';
import { useDialog } from '@/components/use-dialog.ts';
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
  const dialog = useDialog<HTMLElement>(onClose);
  return (
    <div className="drawer-backdrop" onClick={onClose}>
      <nav
        id={id}
        ref={dialog.ref}
        onKeyDown={dialog.onKeyDown}
        className="mobile-nav"
        aria-label="Mobile menu"
        onClick={(e) => e.stopPropagation()}
      >
        <div className="drawer-head">
          <Link to="/" className="logo" onClick={onClose}>
            DevLearn
          </Link>
          <CloseButton label="Close menu" onClick={onClose} />
        </div>
        <ul>
          <li>
            <Link to="/" onClick={onClose}>
              Home
            </Link>
          </li>
          <li>
            <Link to="/categories" onClick={onClose}>
              Categories
            </Link>
          </li>
          <li>
            <Link to="/home/my-courses" onClick={onClose}>
              My Learning
            </Link>
          </li>
          <li>
            <Link to="/teaching" onClick={onClose}>
              Become a Instructor
            </Link>
          </li>
        </ul>
        {!authenticated && (
          <div className="mobile-nav-auth">
            <Link to="/login" className="btn btn-outline" onClick={onClose}>
              Login
            </Link>
            <Link to="/signup" className="btn" onClick={onClose}>
              Signup
            </Link>
          </div>
        )}
      </nav>
    </div>
  );
}
