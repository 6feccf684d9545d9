import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { CloseIcon } from './icons.tsx';

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
  const closeButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    // Focus moves into the panel, and back to what opened it when it closes.
    const opener = document.activeElement as HTMLElement | null;
    closeButton.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      opener?.focus?.();
    };
  }, [open, onClose]);

  if (!open) return null;
  return (
    <div className="drawer-backdrop" onClick={onClose}>
      <nav id={id} className="mobile-nav" aria-label="Mobile menu" onClick={(e) => e.stopPropagation()}>
        <div className="drawer-head">
          <Link to="/" className="logo" onClick={onClose}>
            DevLearn
          </Link>
          <button
            ref={closeButton}
            type="button"
            className="icon-button"
            aria-label="Close menu"
            onClick={onClose}
          >
            <CloseIcon />
          </button>
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
