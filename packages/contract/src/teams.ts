import { z } from 'zod';
import { ZEmail } from './accounts.ts';
import { envelope, numberInput, ZId, ZIdInput, ZText } from './common.ts';

// Team seats (docs/payments.md, "Team seats"): an employer buys N seats of courses, invites its people by email or
// CSV, and follows their progress.

/** The most seats of a course one checkout buys. */
export const TEAM_MAX_SEATS = 500;
/** A seat may be reassigned only while its member has watched under this share of the course. */
export const TEAM_REASSIGN_MAX_PERCENT = 10;
/** The most rows one CSV upload invites. */
export const TEAM_IMPORT_MAX_ROWS = 500;

/** What every invite says (its email and its page): who sees what. */
export const TEAM_PRIVACY_NOTE =
  "Your name and your progress in the team's courses (lessons watched, quiz results and certificates) are visible to the team's admin.";
export const TEAM_NO_FREE_SEAT =
  'All seats of this team are taken. Ask your team admin to free or buy a seat.';
export const TEAM_INVITE_NOT_FOUND = 'This invite link is not valid. Ask your team admin for a new one.';
export const TEAM_INVITE_USED = 'You already joined this team.';
export const TEAM_MEMBER_REMOVED = 'This invite was withdrawn by the team admin.';
export const TEAM_REASSIGN_TOO_LATE = `A seat can be reassigned only while its member has watched under ${TEAM_REASSIGN_MAX_PERCENT}% of the course.`;
export const TEAM_NOT_ADMIN = 'Only the team admin can manage this team.';
export const TEAM_NOT_FOUND = 'Team not found.';

/** 'Buy for my team' at checkout: the company the invoice names and the seats of each course. */
export const ZTeamPurchase = z.object({
  companyName: ZText('Company name', 120),
  seats: numberInput(
    z
      .number()
      .int({ error: 'Seats must be a whole number' })
      .min(1, { error: 'Buy at least 1 seat' })
      .max(TEAM_MAX_SEATS, { error: `At most ${TEAM_MAX_SEATS} seats per checkout` }),
    'Seats must be a number',
  ),
});
export type TTeamPurchase = z.input<typeof ZTeamPurchase>;

export const ZTeamIdRequest = z.object({ teamId: ZIdInput });
export const ZTeamInviteRequest = z.object({ teamId: ZIdInput, email: ZEmail, name: ZText('Name', 100) });
export type TTeamInviteRequest = z.input<typeof ZTeamInviteRequest>;
export const ZTeamImportRequest = z.object({
  teamId: ZIdInput,
  /** The CSV's text: `email,name` per line (a header line is allowed). */
  csv: z
    .string({ error: 'Choose a CSV file' })
    .min(1, { error: 'The CSV file is empty' })
    .max(200_000, { error: 'The CSV file is too large (at most 200 KB)' }),
});
export const ZTeamSeatReassignRequest = z.object({
  teamId: ZIdInput,
  seatId: ZIdInput,
  /** The active member who gets the seat; null frees it. */
  memberId: ZIdInput.nullable(),
});
export const ZTeamMemberRequest = z.object({ teamId: ZIdInput, memberId: ZIdInput });
export const ZTeamTokenRequest = z.object({
  token: z
    .string({ error: 'The invite link is missing its token' })
    .trim()
    .min(16, { error: TEAM_INVITE_NOT_FOUND })
    .max(100, { error: TEAM_INVITE_NOT_FOUND }),
});

export const ZTeamMineResponse = envelope({
  team: z.object({ id: ZId, companyName: z.string() }).nullable(),
});

/** A member's seat of one course, with what the team admin sees of their learning there. */
export const ZTeamSeat = z.object({
  seatId: ZId,
  courseId: ZId,
  watchedPercent: z.number(),
  quizzesPassed: z.number(),
  quizzes: z.number(),
  /** The best score of each quiz attempted, by title. */
  quizResults: z.array(z.object({ title: z.string(), bestPercent: z.number(), passed: z.boolean() })),
  certificateCode: z.string().nullable(),
  /** Under TEAM_REASSIGN_MAX_PERCENT watched, and the member still on the team or not: may be reassigned. */
  canReassign: z.boolean(),
});
export type TTeamSeat = z.infer<typeof ZTeamSeat>;

export const TEAM_MEMBER_STATUSES = ['invited', 'active', 'removed'] as const;
export const ZTeamMember = z.object({
  id: ZId,
  name: z.string(),
  email: z.string(),
  status: z.enum(TEAM_MEMBER_STATUSES),
  invitedAt: z.string(),
  joinedAt: z.string().nullable(),
  seats: z.array(ZTeamSeat),
});
export type TTeamMember = z.infer<typeof ZTeamMember>;

export const ZTeamView = z.object({
  id: ZId,
  companyName: z.string(),
  courses: z.array(
    z.object({
      courseId: ZId,
      title: z.string(),
      seats: z.number(),
      used: z.number(),
      free: z.number(),
      /** A free seat to give a member who joined (`teamSeatReassign`), or null. */
      freeSeatId: ZId.nullable(),
    }),
  ),
  members: z.array(ZTeamMember),
  /** The team's seat orders, for their invoices (`/order/{reference}/receipt.pdf`). */
  orders: z.array(
    z.object({
      reference: z.string(),
      status: z.string(),
      amount: z.number(),
      seats: z.number(),
      timeCreated: z.string(),
      paidAt: z.string().nullable(),
    }),
  ),
});
export type TTeamView = z.infer<typeof ZTeamView>;
export const ZTeamViewResponse = envelope({ team: ZTeamView });

export const ZTeamImportResponse = envelope({
  invited: z.number(),
  errors: z.array(z.object({ line: z.number(), message: z.string() })),
});
export type TTeamImportResponse = z.infer<typeof ZTeamImportResponse>;

export const ZTeamInvitePreview = z.object({
  companyName: z.string(),
  adminName: z.string(),
  name: z.string(),
  email: z.string(),
  courses: z.array(z.object({ id: ZId, title: z.string() })),
  state: z.enum(['open', 'joined', 'removed']),
  privacyNote: z.string(),
});
export type TTeamInvitePreview = z.infer<typeof ZTeamInvitePreview>;
export const ZTeamInvitePreviewResponse = envelope({ invite: ZTeamInvitePreview });
export const ZTeamAcceptResponse = envelope({ courseIds: z.array(ZId) });
