import { forbidden } from '../errors.ts';

/** A tutor makes, lists and disables coupons of their own courses only (403 otherwise); admins may list any. */
export function assertManagesCoupons(
  account: { id: number; role: string },
  course: { tutorId: number },
  read = false,
): void {
  if (read && account.role === 'admin') return;
  if (course.tutorId !== account.id) forbidden('This course belongs to another tutor.');
}
