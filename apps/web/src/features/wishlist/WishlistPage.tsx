import { Link } from 'react-router';
import { CourseCard } from '@/components/CourseCard.tsx';
import { useAddToCart } from '@/lib/add-to-cart.ts';
import { useWishlist } from '@/lib/queries/wishlist.ts';
import './wishlist.css';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { EmptyState } from '@/components/EmptyState.tsx';

/** `/wishlist`: the student's kept courses as cards, each with add to cart (the spec's cart rules and toasts). */
export default function WishlistPage() {
  const list = useWishlist(true);
  const addToCart = useAddToCart();

  if (list.isPending) return <p className="page-loading">Loading...</p>;
  if (list.isError) {
    return (
      <LoadFailed
        message="Your wishlist could not be loaded. Please try again."
        onRetry={list.refetch}
        page
      />
    );
  }
  const courses = list.data;
  return (
    <section className="page wishlist-page">
      <h1>Wishlist</h1>
      {courses.length === 0 ? (
        <EmptyState message="Your wishlist is empty." />
      ) : (
        <div className="grid">
          {courses.map((c) => (
            <div key={c.id} className="wishlist-item">
              <CourseCard course={c} />
              {c.owned ? (
                <Link to={`/view-course/${c.id}`} className="btn" aria-label={`Go to course ${c.title}`}>
                  Go to course
                </Link>
              ) : (
                <button
                  type="button"
                  className="btn"
                  aria-label={`Add ${c.title} to cart`}
                  onClick={() => addToCart(c)}
                >
                  Add to cart
                </button>
              )}
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
