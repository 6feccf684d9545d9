import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { useLogout, type Role } from '@/lib/session.ts';
import { useCloseOnPointerOutside } from '@/lib/use-close-outside.ts';

type Item = { label: string; to: string };

/** Spec §2 Profile menu, by stored role; every menu ends with Logout. */
export const PROFILE_ITEMS: Record<Role, Item[]> = {
  user: [
    { label: 'My Learning', to: '/home/my-courses' },
    { label: 'This week', to: '/user/week' },
    { label: 'Peer reviews', to: '/home/reviews' },
    { label: 'Downloads', to: '/home/downloads' },
    { label: 'Cart', to: '/home/cart' },
    { label: 'My Orders', to: '/home/orders' },
    { label: 'Profile', to: '/edit-profile' },
    { label: 'Calendar feed', to: '/user/calendar' },
    { label: 'Change Password', to: '/change-password' },
  ],
  tutor: [
    { label: 'Dashboard', to: '/tutor' },
    { label: 'Settings', to: '/tutor/settings' },
    { label: 'Change Password', to: '/tutor/change-password' },
  ],
  admin: [{ label: 'Dashboard', to: '/admin' }],
};

/** The profile image in the header, opening the menu of the stored role. Keyboard: arrows, Home/End, Escape. */
export function ProfileMenu({ role, name }: { role: Role; name: string }) {
  const logout = useLogout();
  const id = useId();
  const [open, setOpen] = useState(false);
  const wrap = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const items = PROFILE_ITEMS[role] ?? [];

  const menuItems = () => Array.from(wrap.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
  const focusItem = (index: number) => {
    const all = menuItems();
    all[(index + all.length) % all.length]?.focus();
  };

  useCloseOnPointerOutside(wrap, open, setOpen);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  const onMenuKey = (e: KeyboardEvent<HTMLElement>) => {
    const all = menuItems();
    const at = all.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'ArrowDown') focusItem(at + 1);
    else if (e.key === 'ArrowUp') focusItem(at - 1);
    else if (e.key === 'Home') focusItem(0);
    else if (e.key === 'End') focusItem(all.length - 1);
    else if (e.key === 'Escape') close(true);
    else if (e.key === 'Tab') setOpen(false);
    else return;
    if (e.key !== 'Tab') e.preventDefault();
  };

  const openWithKeys = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      const to = e.key === 'ArrowDown' ? 0 : -1;
      requestAnimationFrame(() => focusItem(to));
    }
  };

  const initial = (name.trim()[0] ?? '?').toUpperCase();

  return (
    <div className="profile-menu" ref={wrap}>
      <button
        ref={button}
        type="button"
        className="avatar-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        aria-label="Profile menu"
        onClick={() => {
          setOpen((o) => !o);
          if (!open) requestAnimationFrame(() => focusItem(0));
        }}
        onKeyDown={openWithKeys}
      >
        <span className="avatar" aria-hidden="true">
          {initial}
        </span>
      </button>
      {open && (
        <ul id={`${id}-menu`} role="menu" aria-label="Profile" className="menu" onKeyDown={onMenuKey}>
          <li role="none" className="menu-caption welcome-name">
            {name}
          </li>
          {items.map((item) => (
            <li role="none" key={item.to}>
              <Link role="menuitem" tabIndex={-1} to={item.to} onClick={() => close(false)}>
                {item.label}
              </Link>
            </li>
          ))}
          <li role="none">
            <button
              role="menuitem"
              tabIndex={-1}
              type="button"
              onClick={() => {
                setOpen(false);
                logout();
              }}
            >
              Logout
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
