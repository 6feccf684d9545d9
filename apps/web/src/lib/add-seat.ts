import { useCallback } from 'react';
import type { TCohortDto } from '@app/contract/cohorts';
import { shownPrice } from '@app/contract/money';
import { useCartOutcome, type AddToCartOutcome, type Buyable } from './add-to-cart.ts';
import { cart } from './cart.ts';
import { useSession, type Session } from './session.ts';

type Seat = Pick<TCohortDto, 'id' | 'name' | 'nairaPrice'>;

/**
 * A seat of `cohort` into the cart as the course's line (docs/cohorts.md "Seats"): the cohort's own price when it
 * has one, with a live sale's share off it as the server prices it; a line of the course already in the cart
 * becomes the seat. One seat per checkout.
 */
export function addSeatToCart(
  course: Buyable,
  cohort: Seat,
  session: Pick<Session, 'authenticated' | 'role'>,
): AddToCartOutcome {
  if (!session.authenticated || session.role !== 'user') return 'login';
  if (course.owned) return 'owned';
  const items = cart.items();
  if (items.some((i) => i.cohortId !== undefined && i.id !== course.id)) return 'other-seat';
  if (items.some((i) => i.id === course.id && i.cohortId === cohort.id)) return 'duplicate';
  const list = cohort.nairaPrice ?? course.nairaPrice;
  const sale =
    course.salePrice != null && course.nairaPrice > 0
      ? Math.round((list * course.salePrice) / course.nairaPrice)
      : null;
  const { pays, by } = shownPrice({ nairaPrice: list, salePrice: sale });
  const item = {
    id: course.id,
    name: `${course.title} · ${cohort.name}`,
    price: pays,
    ...(by === 'sale' ? { nairaPrice: list, salePrice: pays } : {}),
    cohortId: cohort.id,
    cohortName: cohort.name,
  };
  if (items.some((i) => i.id === course.id)) cart.replace(item);
  else cart.add(item);
  return 'added';
}

/** A seat of a cohort into the cart, as the course page does it (the course page's code only, not the home page's). */
export function useAddSeatToCart() {
  const session = useSession();
  const show = useCartOutcome();
  return useCallback(
    (course: Buyable, cohort: Seat) => show(addSeatToCart(course, cohort, session), course.id),
    [session, show],
  );
}
