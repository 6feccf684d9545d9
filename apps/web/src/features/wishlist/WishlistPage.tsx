import { Link } from '@/components/Link.tsx';
import { CourseCard } from '@/components/CourseCard.tsx';
import { useAddToCart } from '@/lib/add-to-cart.ts';
import { useWishlist } from '@/lib/queries/wishlist.ts';
import './wishlist.css';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { EmptyState } from '@/components/EmptyState.tsx';
import { useT } from '@/lib/i18n/index.ts';

/** `/wishlist`: the student's kept courses as cards, each with add to cart (the spec's cart rules and toasts). */
export default function WishlistPage() {
  const t = useT();
  const list = useWishlist(true);
  const addToCart = useAddToCart();

  if (list.isPending) return <p className="page-loading">{t('common.loading')}</p>;
  if (list.isError) {
    return <LoadFailed message={t('wishlist.loadFailed')} onRetry={list.refetch} page />;
  }
  const courses = list.data;
  return (
    <section className="page wishlist-page">
      <h1>{t('wishlist.title')}</h1>
      {courses.length === 0 ? (
        <EmptyState message={t('wishlist.empty')} />
      ) : (
        <div className="grid">
          {courses.map((c) => (
            <div key={c.id} className="wishlist-item">
              <CourseCard course={c} />
              {c.owned ? (
                <Link
                  to={`/view-course/${c.id}`}
                  className="btn"
                  aria-label={t('wishlist.goToCourseLabel', { title: c.title })}
                >
                  {t('course.goToCourse')}
                </Link>
              ) : (
                <button
                  type="button"
                  className="btn"
                  aria-label={t('wishlist.addToCartLabel', { title: c.title })}
                  onClick={() => addToCart(c)}
                >
                  {t('course.addToCart')}
                </button>
              )}
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
