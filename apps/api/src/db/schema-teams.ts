import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { TEAM_MEMBER_STATUSES } from '@app/contract/teams';
import { createdAt, requiredRef, serialId, timestampTz } from './columns.ts';
import { accountRef, accounts, courseRef } from './schema.ts';
import { orders } from './schema-money.ts';

// Team seats: an employer's seats of courses, bought by its admin (a student account), and its members
// (docs/payments.md, "Team seats").

/** A team (an employer): one per admin account, made by their first seat checkout. */
export const teams = pgTable(
  'teams',
  {
    id: serialId(),
    adminId: accountRef('admin_id'),
    companyName: text('company_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('teams_admin_uq').on(t.adminId)],
);
export type Team = typeof teams.$inferSelect;

/** A seat order of a team: the company its invoice names. Its lines carry the seat counts (`order_lines.seats`). */
export const teamOrders = pgTable('team_orders', {
  orderId: requiredRef('order_id', () => orders.id, { onDelete: 'cascade' }).primaryKey(),
  teamId: requiredRef('team_id', () => teams.id),
  companyName: text('company_name').notNull(),
});

/** Someone the team admin invited: by email, with a single secret link (its SHA-256 kept), until they join. */
export const teamMembers = pgTable(
  'team_members',
  {
    id: serialId(),
    teamId: requiredRef('team_id', () => teams.id),
    email: text('email').notNull(),
    name: text('name').notNull(),
    /** The account that joined with the link. */
    accountId: integer('account_id').references(() => accounts.id),
    status: text('status', { enum: TEAM_MEMBER_STATUSES }).notNull().default('invited'),
    tokenHash: text('token_hash'),
    invitedAt: createdAt(),
    joinedAt: timestampTz('joined_at'),
    removedAt: timestampTz('removed_at'),
  },
  (t) => [
    uniqueIndex('team_members_email_uq').on(t.teamId, t.email),
    uniqueIndex('team_members_account_uq')
      .on(t.teamId, t.accountId)
      .where(sql`${t.accountId} is not null`),
    uniqueIndex('team_members_token_uq').on(t.tokenHash),
  ],
);
export type TeamMember = typeof teamMembers.$inferSelect;

/**
 * One seat of one course, made when its order is paid. `memberId` null: free. A member takes one seat per course
 * (a conditional update of a free row, so concurrent joins never share or overfill seats).
 */
export const teamSeats = pgTable(
  'team_seats',
  {
    id: serialId(),
    teamId: requiredRef('team_id', () => teams.id),
    courseId: courseRef(),
    orderId: requiredRef('order_id', () => orders.id),
    memberId: integer('member_id').references(() => teamMembers.id),
    assignedAt: timestampTz('assigned_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('team_seats_free_idx').on(t.teamId, t.courseId, t.memberId),
    uniqueIndex('team_seats_member_course_uq')
      .on(t.memberId, t.courseId)
      .where(sql`${t.memberId} is not null`),
  ],
);
export type TeamSeat = typeof teamSeats.$inferSelect;
