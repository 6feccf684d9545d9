import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from '@/components/Link.tsx';
import { useT } from '@/lib/i18n/index.ts';
import { useRunsTeam } from '@/lib/queries/team.ts';
import { useLogout, type Role } from '@/lib/session.ts';
import { useCloseOnPointerOutside } from '@/lib/use-close-outside.ts';

/** `label`: the item's key in the catalogs. */
type Item = { label: string; to: string };

/** A team admin's way back to their team's dashboard, after My Orders (docs/payments.md, "Team seats"). */
const MY_TEAM: Item = { label: 'menu.myTeam', to: '/home/team' };

/** Spec §2 Profile menu, by stored role; every menu ends with Logout. A student who runs a team also has My team. */
export const PROFILE_ITEMS: Record<Role, Item[]> = {
  user: [
    { label: 'nav.myLearning', to: '/home/my-courses' },
    { label: 'menu.thisWeek', to: '/user/week' },
    { label: 'menu.peerReviews', to: '/home/reviews' },
    { label: 'menu.downloads', to: '/home/downloads' },
    { label: 'menu.cart', to: '/home/cart' },
    { label: 'menu.myOrders', to: '/home/orders' },
    { label: 'menu.profile', to: '/edit-profile' },
    { label: 'menu.calendarFeed', to: '/user/calendar' },
    { label: 'menu.changePassword', to: '/change-password' },
  ],
  tutor: [
    { label: 'menu.dashboard', to: '/tutor' },
    { label: 'menu.settings', to: '/tutor/settings' },
    { label: 'menu.changePassword', to: '/tutor/change-password' },
  ],
  admin: [{ label: 'menu.dashboard', to: '/admin' }],
};

/** The profile image in the header, opening the menu of the stored role. Keyboard: arrows, Home/End, Escape. */
export function ProfileMenu({ role, name }: { role: Role; name: string }) {
  const t = useT();
  const logout = useLogout();
  const id = useId();
  const [open, setOpen] = useState(false);
  const wrap = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const runsTeam = useRunsTeam(open && role === 'user');
  const roleItems = PROFILE_ITEMS[role] ?? [];
  const items = runsTeam
    ? roleItems.flatMap((item) => (item.to === '/home/orders' ? [item, MY_TEAM] : [item]))
    : roleItems;

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
        aria-label={t('menu.profileMenu')}
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
        <ul
          id={`${id}-menu`}
          role="menu"
          aria-label={t('menu.profile')}
          className="menu"
          onKeyDown={onMenuKey}
        >
          <li role="none" className="menu-caption welcome-name">
            {name}
          </li>
          {items.map((item) => (
            <li role="none" key={item.to}>
              <Link role="menuitem" tabIndex={-1} to={item.to} onClick={() => close(false)}>
                {t(item.label)}
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
              {t('menu.logout')}
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
