import { forbidden } from '../errors.ts';
import type { TRole } from '@app/contract/common';
import { isCourseStaff, isCourseTutor } from './course.ts';

/** A tutor makes, changes, lists and disables coupons of their own courses only (403 otherwise); admins may list any. */
export function assertManagesCoupons(
  account: { id: number; role: TRole },
  course: { tutorId: number },
  read = false,
): void {
  const allowed = read ? isCourseStaff(account, course) : isCourseTutor(account, course);
  if (!allowed) forbidden('This course belongs to another tutor.');
}
