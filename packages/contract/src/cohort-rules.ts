// Zod-free: the words of cohorts and live classes that the server, the web and the contract's schemas share
// (docs/cohorts.md).

/** How a course is sold: self-paced (as always), in cohorts only, or both. */
export const COURSE_OFFERINGS = ['self_paced', 'cohorts', 'both'] as const;
export type TCourseOffering = (typeof COURSE_OFFERINGS)[number];

/** A cohort's status: `cancelled` is set by its tutor; the others follow from its dates. */
export const COHORT_STATUSES = ['scheduled', 'running', 'finished', 'cancelled'] as const;
export type TCohortStatus = (typeof COHORT_STATUSES)[number];

/**
 * When a section of a cohort's course opens for a member: `cohort_day` N days after the cohort's start day at a
 * local (Africa/Lagos) time, `enrolment_day` N days after the member took the seat, `date` at a moment,
 * `after_previous` once the previous section is complete.
 */
export const RELEASE_KINDS = ['cohort_day', 'enrolment_day', 'date', 'after_previous'] as const;
export type TReleaseKind = (typeof RELEASE_KINDS)[number];

/** The meeting engines of live sessions. */
export const LIVE_PROVIDERS = ['jitsi', 'bbb', 'link'] as const;
export type TLiveProvider = (typeof LIVE_PROVIDERS)[number];

/** Joining opens this many minutes before a live session starts, and closes at its end. */
export const JOIN_OPENS_MINUTES = 15;
/** A waitlisted student offered a freed seat has this long to buy it. */
export const SEAT_OFFER_HOURS = 24;
/** Dates of cohorts, sessions, releases and deadlines are shown in this zone. */
export const COHORT_TIME_ZONE = 'Africa/Lagos';

export const COHORT_FULL_MESSAGE = 'This cohort is full.';
