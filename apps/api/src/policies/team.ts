import { TEAM_NOT_ADMIN, TEAM_REASSIGN_MAX_PERCENT, TEAM_REASSIGN_TOO_LATE } from '@app/contract/teams';

// Team seats: who may manage a team and when a seat may move (docs/payments.md, "Team seats").

type Caller = { id: number; role: string };

/**
 * Why this account may not manage the team (its dashboard, invites, seats, members, the report); null when it
 * may. Only the team's admin, the student account that bought its seats. Members, other students, tutors and the
 * platform's admins never see a team's people (tutors and admins are refused by role before this).
 */
export function teamAdminRefusal(caller: Caller, team: { adminId: number }): string | null {
  if (caller.role !== 'user' || caller.id !== team.adminId) return TEAM_NOT_ADMIN;
  return null;
}

/** Why a held seat may not be reassigned (or freed): its member watched TEAM_REASSIGN_MAX_PERCENT or more. */
export function seatReassignRefusal(watchedPercent: number): string | null {
  return watchedPercent < TEAM_REASSIGN_MAX_PERCENT ? null : TEAM_REASSIGN_TOO_LATE;
}

/** Whether a removed member's seat goes back to the team: only while they had watched under the same share. */
export const seatFreedOnRemoval = (watchedPercent: number): boolean =>
  watchedPercent < TEAM_REASSIGN_MAX_PERCENT;
