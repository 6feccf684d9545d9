import { useLoginRequired } from '@/lib/login-return.ts';
import { useSession } from '@/lib/session.ts';
import { showToast } from '@/lib/toast.ts';
import { useToggleWishlist, useWishlist } from '@/lib/queries/wishlist.ts';
import { useT } from '@/lib/i18n/index.ts';
import { translateRefusal } from '@/lib/i18n/refusals.ts';

/** The heart that keeps a course on the student's wishlist; a guest gets 'You need to login'. */
export function WishlistHeart({
  courseId,
  title,
  className = '',
}: {
  courseId: number;
  title: string;
  className?: string;
}) {
  const t = useT();
  const session = useSession();
  const student = session.authenticated && session.role === 'user';
  const list = useWishlist(student);
  const toggle = useToggleWishlist();
  const loginRequired = useLoginRequired();
  const on = list.data?.some((c) => c.id === courseId) ?? false;

  const onClick = () => {
    if (!student) {
      loginRequired();
      return;
    }
    toggle.toggle(courseId, !on).then(
      () => showToast('success', on ? t('wishlist.removed') : t('wishlist.added')),
      (err: Error) => showToast('error', translateRefusal(err.message)),
    );
  };

  return (
    <button
      type="button"
      className={`heart-button ${on ? 'heart-on' : ''} ${className}`}
      aria-pressed={on}
      aria-label={on ? t('wishlist.removeLabel', { title }) : t('wishlist.addLabel', { title })}
      disabled={toggle.isPending}
      onClick={onClick}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path
          fill={on ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="2"
          d="M12 21s-7.5-4.6-9.5-9.2C1.1 8.5 3.2 5 6.6 5c2 0 3.5 1.1 4.4 2.6h2C13.9 6.1 15.4 5 17.4 5c3.4 0 5.5 3.5 4.1 6.8C19.5 16.4 12 21 12 21z"
        />
      </svg>
    </button>
  );
}
