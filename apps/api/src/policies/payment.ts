import type { Account } from '../db/schema.ts';
import { isCourseStaff } from './course.ts';

/** Who may see a course's buyers and earnings: the tutor who owns it, or an admin. */
export function mayViewEarnings(account: Pick<Account, 'id' | 'role'>, course: { tutorId: number }): boolean {
  return isCourseStaff(account, course);
}
