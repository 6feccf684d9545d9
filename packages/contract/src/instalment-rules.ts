// Zod-free: the instalment plans' vocabulary, shared by the database schema, the server and the web.

/** How far apart a plan's payments are. */
export const PLAN_INTERVALS = ['week', 'month'] as const;
export type TPlanInterval = (typeof PLAN_INTERVALS)[number];

/**
 * A bought plan: `pending` until its first payment; `active`; `past_due` (a payment is late: watching goes on, new
 * downloads pause); `suspended` (GRACE_DAYS late: locked, progress kept); `completed` (all paid); `cancelled`.
 */
export const PLAN_STATUSES = [
  'pending',
  'active',
  'past_due',
  'suspended',
  'completed',
  'cancelled',
] as const;
export type TPlanStatus = (typeof PLAN_STATUSES)[number];

/** One payment of a plan: waiting for its date, being charged to the saved card, paid, or dropped with its plan. */
export const INSTALMENT_STATES = ['scheduled', 'charging', 'paid', 'cancelled'] as const;
export type TInstalmentState = (typeof INSTALMENT_STATES)[number];

/** Days a payment may be late before the plan is suspended. */
export const PLAN_GRACE_DAYS = 7;
/** Payment links go out this many days before a due date, on it, and this many days after it. */
export const PLAN_REMINDER_DAYS = 3;
/** The most further payments a plan may have after its first. */
export const MAX_FURTHER_PAYMENTS = 5;

/** A download for offline use while a payment of the course's plan is late (watching online goes on). */
export const PLAN_DOWNLOADS_PAUSED =
  'New downloads are paused while a payment of your instalment plan is late. You can still watch online; pay what is due to download again.';
/** A download, or a lesson, of a course whose plan is suspended. */
export const PLAN_SUSPENDED_REFUSAL =
  'This course is paused: a payment of your instalment plan is more than 7 days late. Pay what is due to watch and download again.';
