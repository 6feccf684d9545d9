import { koboToNaira } from '@app/contract/money';
import type { TTeamMember, TTeamView } from '@app/contract/teams';
import { TEAM_REASSIGN_MAX_PERCENT } from '@app/contract/teams';

/** What the team's report knows of a member's learning in one course. */
export type SeatLearning = {
  watchedPercent: number;
  certificateCode: string | null;
  quizResults: { title: string; bestPercent: number; passed: boolean }[];
  quizzes: number;
};

/** The fields of a `teams` and a `team_members` row the dashboard shows. */
type TeamRow = { id: number; companyName: string };
type MemberRow = {
  id: number;
  name: string;
  email: string;
  status: TTeamMember['status'];
  invitedAt: Date;
  joinedAt: Date | null;
};

export type TeamViewRows = {
  team: TeamRow;
  seats: { id: number; courseId: number; title: string; memberId: number | null }[];
  members: MemberRow[];
  /** By member id, then course id (members who joined). */
  learning: Map<number, Map<number, SeatLearning>>;
  orders: {
    reference: string;
    status: string;
    amountKobo: number;
    seats: number;
    createdAt: Date;
    paidAt: Date | null;
  }[];
};

/** The team admin's dashboard: seats by course, members with their seats and learning, and the seat orders. */
export function presentTeam(rows: TeamViewRows): TTeamView {
  const byCourse = new Map<
    number,
    { courseId: number; title: string; seats: number; used: number; freeSeatId: number | null }
  >();
  for (const s of rows.seats) {
    const c = byCourse.get(s.courseId) ?? {
      courseId: s.courseId,
      title: s.title,
      seats: 0,
      used: 0,
      freeSeatId: null,
    };
    c.seats += 1;
    if (s.memberId !== null) c.used += 1;
    else c.freeSeatId ??= s.id;
    byCourse.set(s.courseId, c);
  }
  const members: TTeamMember[] = rows.members.map((m) => ({
    id: m.id,
    name: m.name,
    email: m.email,
    status: m.status,
    invitedAt: m.invitedAt.toISOString(),
    joinedAt: m.joinedAt?.toISOString() ?? null,
    seats: rows.seats
      .filter((s) => s.memberId === m.id)
      .map((s) => {
        const l = rows.learning.get(m.id)?.get(s.courseId);
        const watched = l?.watchedPercent ?? 0;
        return {
          seatId: s.id,
          courseId: s.courseId,
          watchedPercent: watched,
          quizzesPassed: l?.quizResults.filter((q) => q.passed).length ?? 0,
          quizzes: l?.quizzes ?? 0,
          quizResults: l?.quizResults ?? [],
          certificateCode: l?.certificateCode ?? null,
          canReassign: watched < TEAM_REASSIGN_MAX_PERCENT,
        };
      }),
  }));
  return {
    id: rows.team.id,
    companyName: rows.team.companyName,
    courses: [...byCourse.values()].map((c) => ({ ...c, free: c.seats - c.used })),
    members,
    orders: rows.orders.map((o) => ({
      reference: o.reference,
      status: o.status,
      amount: koboToNaira(o.amountKobo),
      seats: o.seats,
      timeCreated: o.createdAt.toISOString(),
      paidAt: o.paidAt?.toISOString() ?? null,
    })),
  };
}
