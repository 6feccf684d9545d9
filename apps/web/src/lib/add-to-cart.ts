import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { TCourseDto } from '@app/contract/courses';
import { cart } from './cart.ts';
import { useSession, type Session } from './session.ts';
import { showToast } from './toast.ts';
import { useLoginRequired } from './login-return.ts';

type AddToCartOutcome = 'login' | 'owned' | 'duplicate' | 'added';

/** Spec §5/§6 add-to-cart rules, in order: a student must be logged in; an owned course and a duplicate are refused. */
export function addToCart(
  course: Pick<TCourseDto, 'id' | 'title' | 'nairaPrice' | 'salePrice' | 'owned'>,
  session: Pick<Session, 'authenticated' | 'role'>,
): AddToCartOutcome {
  if (!session.authenticated || session.role !== 'user') return 'login';
  if (course.owned) return 'owned';
  return cart.add({ id: course.id, name: course.title, price: course.salePrice ?? course.nairaPrice })
    ? 'added'
    : 'duplicate';
}

/**
 * Add to cart as every screen does it (spec §8 texts): a guest is warned and sent to /login after 2 s (unless the
 * screen has gone by then; the toast's 'Log in' goes at once, and the login returns here), an owned course goes to
 * the player, a duplicate is refused.
 */
export function useAddToCart() {
  const session = useSession();
  const navigate = useNavigate();
  const loginRequired = useLoginRequired();
  return useCallback(
    (course: Pick<TCourseDto, 'id' | 'title' | 'nairaPrice' | 'salePrice' | 'owned'>) => {
      switch (addToCart(course, session)) {
        case 'login':
          loginRequired();
          return;
        case 'owned':
          showToast('info', "You have already purchased this course, you can't add it to cart again");
          void navigate(`/view-course/${course.id}`);
          return;
        case 'duplicate':
          showToast('warning', 'This item is already in your cart!');
          return;
        case 'added':
          showToast('success', 'Item added to cart successfully!');
          return;
      }
    },
    [session, navigate, loginRequired],
  );
}
