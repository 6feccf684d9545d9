import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { TCourseDto } from '@app/contract/courses';
import { shownPrice } from '@app/contract/money';
import { cart } from './cart.ts';
import { useSession, type Session } from './session.ts';
import { showToast } from './toast.ts';
import { useLoginRequired } from './login-return.ts';
import { t } from './i18n/index.ts';

export type AddToCartOutcome = 'login' | 'owned' | 'duplicate' | 'added' | 'other-seat';
export type Buyable = Pick<TCourseDto, 'id' | 'title' | 'nairaPrice' | 'salePrice' | 'owned'>;

/** Spec §5/§6 add-to-cart rules, in order: a student must be logged in; an owned course and a duplicate are refused. */
export function addToCart(
  course: Buyable,
  session: Pick<Session, 'authenticated' | 'role'>,
): AddToCartOutcome {
  if (!session.authenticated || session.role !== 'user') return 'login';
  if (course.owned) return 'owned';
  const { pays, by } = shownPrice(course);
  const added = cart.add({
    id: course.id,
    name: course.title,
    price: pays,
    ...(by === 'sale' ? { nairaPrice: course.nairaPrice, salePrice: pays } : {}),
  });
  return added ? 'added' : 'duplicate';
}

/**
 * What the cart's answer to an add shows, as every screen does it (spec §8 texts): a guest is warned and sent to
 * /login after 2 s (unless the screen has gone by then; the toast's 'Log in' goes at once, and the login returns
 * here), an owned course goes to the player, a duplicate is refused, a second cohort seat too.
 */
export function useCartOutcome() {
  const navigate = useNavigate();
  const loginRequired = useLoginRequired();
  return useCallback(
    (outcome: AddToCartOutcome, courseId: number) => {
      switch (outcome) {
        case 'login':
          loginRequired();
          return;
        case 'owned':
          showToast('info', t('addToCart.owned'));
          void navigate(`/view-course/${courseId}`);
          return;
        case 'duplicate':
          showToast('warning', t('addToCart.duplicate'));
          return;
        case 'added':
          showToast('success', t('addToCart.added'));
          return;
        case 'other-seat':
          // One checkout buys at most one seat (its `cohortId`).
          showToast('warning', t('addToCart.otherSeat'));
          return;
      }
    },
    [navigate, loginRequired],
  );
}

/**
 * 'Buy for my team' (docs/payments.md, "Team seats"): the course goes into the cart (already there is fine) and the
 * cart opens with the team's fields; a guest is sent to log in as for any add.
 */
export function useBuyForTeam() {
  const session = useSession();
  const navigate = useNavigate();
  const show = useCartOutcome();
  return useCallback(
    (course: Buyable) => {
      const outcome = addToCart({ ...course, owned: false }, session);
      if (outcome === 'added' || outcome === 'duplicate') void navigate('/home/cart?team=1');
      else show(outcome, course.id);
    },
    [session, navigate, show],
  );
}

/** Add to cart as every screen does it (`useCartOutcome` says the answer). */
export function useAddToCart() {
  const session = useSession();
  const show = useCartOutcome();
  return useCallback((course: Buyable) => show(addToCart(course, session), course.id), [session, show]);
}
