import type { TCourseDto } from '@app/contract/courses';
import { cart } from '../../lib/cart.ts';
import type { Session } from '../../lib/session.ts';

export type AddToCartOutcome = 'login' | 'owned' | 'duplicate' | 'added';

/** Spec §5/§6 add-to-cart rules, in order: a student must be logged in; an owned course and a duplicate are refused. */
export function addToCart(
  course: Pick<TCourseDto, 'id' | 'title' | 'nairaPrice' | 'owned'>,
  session: Pick<Session, 'authenticated' | 'role'>,
): AddToCartOutcome {
  if (!session.authenticated || session.role !== 'user') return 'login';
  if (course.owned) return 'owned';
  return cart.add({ id: course.id, name: course.title, price: course.nairaPrice }) ? 'added' : 'duplicate';
}
