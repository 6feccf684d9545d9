import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, requiredRef, serialId, timestampTz } from './columns.ts';
import { accountRef, accounts, courseRef } from './schema.ts';

// Tutors' referral links (docs/payments.md, "Referral links").

/**
 * A tutor's referral link for one of their courses (`/course/<id>?ref=<code>`): made the first time the tutor asks
 * for it and never changed, so a link already shared keeps working.
 */
export const referralLinks = pgTable(
  'referral_links',
  {
    id: serialId(),
    tutorId: accountRef('tutor_id', { onDelete: 'cascade' }),
    courseId: courseRef({ onDelete: 'cascade' }),
    /** 10 lower-case letters and digits, unguessable. */
    code: text('code').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('referral_links_code_uq').on(t.code),
    uniqueIndex('referral_links_tutor_course_uq').on(t.tutorId, t.courseId),
  ],
);

/**
 * A visit of a course through its referral link: the attribution, valid REFERRAL_DAYS from `createdAt` (the
 * referral clock's time). `studentId` is the visitor when signed in, so the attribution follows the account too;
 * a guest keeps the signed attribution in the browser and sends it with the checkout.
 */
export const referralVisits = pgTable(
  'referral_visits',
  {
    id: serialId(),
    linkId: requiredRef('link_id', () => referralLinks.id, { onDelete: 'cascade' }),
    tutorId: accountRef('tutor_id', { onDelete: 'cascade' }),
    courseId: courseRef({ onDelete: 'cascade' }),
    studentId: integer('student_id').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: timestampTz('created_at').notNull(),
  },
  (t) => [
    index('referral_visits_tutor_idx').on(t.tutorId, t.courseId),
    index('referral_visits_student_idx').on(t.studentId, t.courseId, t.createdAt),
  ],
);
