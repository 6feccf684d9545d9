import { createHash, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { ZEmail } from '@app/contract/accounts';
import { ZText } from '@app/contract/common';
import {
  TEAM_IMPORT_MAX_ROWS,
  TEAM_INVITE_NOT_FOUND,
  TEAM_INVITE_USED,
  TEAM_MEMBER_REMOVED,
  TEAM_NO_FREE_SEAT,
  TEAM_NOT_FOUND,
  TEAM_PRIVACY_NOTE,
  type TTeamInvitePreview,
  type TTeamView,
} from '@app/contract/teams';
import type { TChargeRequest } from '@app/contract/payments';
import type { AppContext } from '../context.ts';
import type { Db, Tx } from '../db/client.ts';
import type { Account } from '../db/schema.ts';
import { enrolments } from '../db/schema-money.ts';
import { teamMembers, teamOrders, teamSeats, teams, type Team, type TeamMember } from '../db/schema-teams.ts';
import { AppError, badRequest, forbidden, notFound } from '../errors.ts';
import { tag } from '../cache/index.ts';
import { csvRows } from '../lib/csv-rows.ts';
import { localeOf, translator } from '../i18n/index.ts';
import { seatFreedOnRemoval, seatReassignRefusal, teamAdminRefusal } from '../policies/team.ts';
import { presentTeam, type SeatLearning } from '../presenters/team.ts';
import { accountById } from '../queries/accounts.ts';
import { courseProgress } from '../queries/progress.ts';
import { quizStandings } from '../queries/quizzes.ts';
import {
  lockMember,
  lockMemberByTokenHash,
  lockSeat,
  memberByTokenHash,
  memberRows,
  ownedCourses,
  quizzesOf,
  seatLinesOf,
  seatOfMember,
  seatRows,
  takeFreeSeat,
  teamById,
  teamOrderRows,
} from '../queries/teams.ts';
import { enrolStudent } from './enrol.ts';
import { notify } from './notify.ts';

// Team seats (docs/payments.md, "Team seats"): the seat checkout and its payment, invites by email and CSV, a
// member joining, seats reassigned, members removed, and the admin's report.

/** The web page an invite's link opens (apps/web: /team/join). */
export const teamJoinPath = (token: string) => `/team/join?token=${token}`;
const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** 409: every seat of the team's courses is taken. */
export class NoFreeSeatError extends AppError {
  constructor() {
    super(409, 'conflict', TEAM_NO_FREE_SEAT);
  }
}

/** The checkout's refusals of a seat purchase: seats are bought on their own, without coupon, plan, cohort or gift. */
export function checkTeamPurchase(request: TChargeRequest): NonNullable<TChargeRequest['team']> | null {
  const team = request.team;
  if (!team) return null;
  if (request.courseIds === undefined) return badRequest('Name the courses to buy seats of.');
  if (request.gift) return badRequest('Seats for a team cannot be a gift as well.');
  if (request.coupon) return badRequest('Coupons cannot be used for team seats.');
  if (request.planId) return badRequest('Team seats are paid at once, not on an instalment plan.');
  if (request.cohortId) return badRequest('Seats in a cohort cannot be bought for a team.');
  return team;
}

/**
 * In the checkout's transaction: the buyer's team (made on their first seat order; a later one renames it to the
 * company this invoice names) and the order's link to it.
 */
export async function recordTeamOrder(
  tx: Tx,
  adminId: number,
  orderId: number,
  companyName: string,
): Promise<void> {
  const name = companyName.trim();
  const [team] = await tx
    .insert(teams)
    .values({ adminId, companyName: name })
    .onConflictDoUpdate({ target: teams.adminId, set: { companyName: name } })
    .returning({ id: teams.id });
  await tx.insert(teamOrders).values({ orderId, teamId: team!.id, companyName: name });
}

/**
 * A team's seat order paid (inside fulfilOrder's transaction): one free seat row per seat of each line, and the
 * admin told where to invite their people. Nobody is enrolled here.
 */
export async function teamSeatsPaid(
  tx: Tx,
  teamOrder: typeof teamOrders.$inferSelect,
  opts: { receiptUrl: string; adminId: number },
): Promise<void> {
  const lines = await seatLinesOf(tx, teamOrder.orderId);
  const rows = lines.flatMap((l) =>
    Array.from({ length: l.seats }, () => ({
      teamId: teamOrder.teamId,
      courseId: l.courseId,
      orderId: teamOrder.orderId,
    })),
  );
  for (let i = 0; i < rows.length; i += 500) await tx.insert(teamSeats).values(rows.slice(i, i + 500));
  const seats = lines[0]?.seats ?? 0;
  await notify(tx, [
    {
      accountId: opts.adminId,
      type: 'purchase-confirmed',
      message: { key: 'notice.teamSeatsPaid', values: { seats, company: teamOrder.companyName } },
      link: '/home/team',
      emailLines: [{ key: 'email.invoiceLink', values: { url: opts.receiptUrl } }],
    },
  ]);
}

/** The team, for its admin only: 404 unknown, 403 anyone else (policies/team.ts). */
export async function teamForAdmin(db: Db | Tx, caller: Account, teamId: number): Promise<Team> {
  const team = (await teamById(db, teamId)) ?? notFound(TEAM_NOT_FOUND);
  const refusal = teamAdminRefusal(caller, team);
  if (refusal) return forbidden(refusal);
  return team;
}

/** The learning the report shows of each joined member in each course they hold a seat of. */
async function learningOf(db: Db, members: TeamMember[], courseIds: number[]) {
  const quizList = await quizzesOf(db, courseIds);
  const out = new Map<number, Map<number, SeatLearning>>();
  for (const m of members) {
    if (!m.accountId) continue;
    const [progress, standings] = await Promise.all([
      courseProgress(db, m.accountId, courseIds),
      quizStandings(db, m.accountId, courseIds),
    ]);
    const byCourse = new Map<number, SeatLearning>();
    for (const courseId of courseIds) {
      const p = progress.get(courseId);
      const quizzes = quizList.filter((q) => q.courseId === courseId);
      byCourse.set(courseId, {
        watchedPercent: p?.percent ?? 0,
        certificateCode: p?.certificateCode ?? null,
        quizzes: quizzes.length,
        quizResults: quizzes.flatMap((q) => {
          const s = standings.find((x) => x.quizId === q.id);
          return s ? [{ title: q.title, bestPercent: Number(s.bestPercent), passed: Boolean(s.passed) }] : [];
        }),
      });
    }
    out.set(m.id, byCourse);
  }
  return out;
}

/** The team admin's dashboard. */
export async function viewTeam(db: Db, team: Team): Promise<TTeamView> {
  const [seats, members, orders] = await Promise.all([
    seatRows(db, team.id),
    memberRows(db, team.id),
    teamOrderRows(db, team.id),
  ]);
  const courseIds = [...new Set(seats.map((s) => s.courseId))];
  const learning = await learningOf(db, members, courseIds);
  return presentTeam({ team, seats, members, learning, orders });
}

type Invitee = { email: string; name: string };
type InviteMail = { to: string; name: string; token: string };

/**
 * Invites (or invites again, with a new link) each person in the caller's transaction: a member already on the
 * team is refused with `refusal`. Answers the emails to send once it commits.
 */
async function invite(
  tx: Tx,
  team: Team,
  people: Invitee[],
  refusal: (email: string) => never | void,
): Promise<InviteMail[]> {
  const mails: InviteMail[] = [];
  for (const p of people) {
    const email = p.email.trim().toLowerCase();
    const [existing] = await tx
      .select()
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.email, email)))
      .for('update');
    if (existing?.status === 'active') {
      refusal(email);
      continue;
    }
    const token = randomBytes(24).toString('base64url');
    if (existing)
      await tx
        .update(teamMembers)
        .set({ name: p.name.trim(), status: 'invited', tokenHash: tokenHash(token), removedAt: null })
        .where(eq(teamMembers.id, existing.id));
    else
      await tx
        .insert(teamMembers)
        .values({ teamId: team.id, email, name: p.name.trim(), tokenHash: tokenHash(token) });
    mails.push({ to: email, name: p.name.trim(), token });
  }
  return mails;
}

/** Emails each invite: the team, the courses, the link, and that their name and progress are visible to the admin. */
async function sendInvites(
  ctx: Pick<AppContext, 'db' | 'mailer' | 'config'>,
  team: Team,
  mails: InviteMail[],
) {
  if (mails.length === 0) return;
  const admin = await accountById(ctx.db, team.adminId);
  const titles = [...new Set((await seatRows(ctx.db, team.id)).map((s) => `"${s.title}"`))].join(', ');
  // An invitee may have no account yet: the invite is written in the admin's language.
  const t = translator(localeOf(admin?.language));
  const by = admin?.fullName ?? t('email.team.yourAdmin');
  const company = team.companyName;
  for (const m of mails) {
    await ctx.mailer.send({
      to: m.to,
      subject: t('email.subject.teamInvite', { name: by, company }),
      text: [
        t('email.hello', { name: m.name }),
        '',
        titles
          ? t('email.team.invitedTo', { name: by, company, titles })
          : t('email.team.invited', { name: by, company }),
        '',
        t('email.team.joinLink', { url: `${ctx.config.publicUrl}${teamJoinPath(m.token)}` }),
        '',
        t('email.team.account'),
        t('email.team.privacy'),
        '',
        'DevLearn',
      ].join('\n'),
    });
  }
}

/** `POST /team/invite`: one person by email (again, with a new link, if they have not joined yet). */
export async function inviteMember(
  ctx: Pick<AppContext, 'db' | 'mailer' | 'config'>,
  team: Team,
  person: Invitee,
): Promise<void> {
  const mails = await ctx.db.transaction((tx) =>
    invite(tx, team, [person], (email) => badRequest(`${email} is already a member of the team.`)),
  );
  await sendInvites(ctx, team, mails);
}

/**
 * `POST /team/invite/import`: a CSV of `email,name` (a header line allowed, in either order). Each bad row is
 * reported by its line number and left out; the good rows are invited.
 */
export async function importMembers(
  ctx: Pick<AppContext, 'db' | 'mailer' | 'config'>,
  team: Team,
  csv: string,
): Promise<{ invited: number; errors: { line: number; message: string }[] }> {
  const rows = csvRows(csv);
  const errors: { line: number; message: string }[] = [];
  let emailAt = 0;
  let nameAt = 1;
  const header = rows[0]?.cells.map((c) => c.toLowerCase());
  if (header && header.includes('email') && !header.some((c) => c.includes('@'))) {
    emailAt = header.indexOf('email');
    nameAt = header.findIndex((c) => c === 'name' || c === 'full name' || c === 'fullname');
    rows.shift();
  }
  if (rows.length > TEAM_IMPORT_MAX_ROWS)
    return badRequest(`A CSV file may invite at most ${TEAM_IMPORT_MAX_ROWS} people at once.`);
  const seen = new Map<string, number>();
  const people: (Invitee & { line: number })[] = [];
  for (const { line, cells } of rows) {
    const email = ZEmail.safeParse(cells[emailAt] ?? '');
    const name = ZText('Name', 100).safeParse(nameAt >= 0 ? (cells[nameAt] ?? '') : '');
    if (!email.success) {
      errors.push({ line, message: `"${cells[emailAt] ?? ''}" is not a valid email address.` });
      continue;
    }
    if (!name.success) {
      errors.push({ line, message: name.error.issues[0]?.message ?? 'Name is required' });
      continue;
    }
    const key = email.data.trim().toLowerCase();
    const first = seen.get(key);
    if (first !== undefined) {
      errors.push({ line, message: `${key} is already on line ${first}.` });
      continue;
    }
    seen.set(key, line);
    people.push({ email: key, name: name.data, line });
  }
  const mails = await ctx.db.transaction(async (tx) => {
    const out: InviteMail[] = [];
    for (const p of people) {
      const made = await invite(tx, team, [p], (email) => {
        errors.push({ line: p.line, message: `${email} is already a member of the team.` });
      });
      out.push(...made);
    }
    return out;
  });
  await sendInvites(ctx, team, mails);
  errors.sort((a, b) => a.line - b.line);
  return { invited: mails.length, errors };
}

/** What an invite link holds, for its page (public: the token is the secret). */
export async function previewInvite(db: Db, token: string): Promise<TTeamInvitePreview> {
  const member = (await memberByTokenHash(db, tokenHash(token))) ?? notFound(TEAM_INVITE_NOT_FOUND);
  const team = (await teamById(db, member.teamId))!;
  const admin = await accountById(db, team.adminId);
  const seats = await seatRows(db, team.id);
  const courses = [...new Map(seats.map((s) => [s.courseId, { id: s.courseId, title: s.title }])).values()];
  return {
    companyName: team.companyName,
    adminName: admin?.fullName ?? '',
    name: member.name,
    email: member.email,
    courses,
    state: member.status === 'active' ? 'joined' : member.status === 'removed' ? 'removed' : 'open',
    privacyNote: TEAM_PRIVACY_NOTE,
  };
}

/** Enrols the member's account in a seat's course (the seat's order as its origin). */
async function enrolOnSeat(tx: Tx, accountId: number, seat: { courseId: number; orderId: number }) {
  return enrolStudent(tx, accountId, seat.orderId, [{ courseId: seat.courseId, priceKobo: 0 }]);
}

/** Removes the enrolment a seat gave (not one the account bought itself). */
async function unenrolFromSeat(tx: Tx, accountId: number, seat: { courseId: number; orderId: number }) {
  await tx
    .delete(enrolments)
    .where(
      and(
        eq(enrolments.studentId, accountId),
        eq(enrolments.courseId, seat.courseId),
        eq(enrolments.orderId, seat.orderId),
      ),
    );
}

/**
 * `POST /team/invite/accept`: the signed-in student with the link joins the team and takes one free seat of each
 * of its courses they do not own (enrolled in each). The member row is locked (one link, one join), and each seat
 * is taken by a conditional update, so concurrent joins fill exactly the free seats: a join that finds none of the
 * courses it needs with a free seat is refused with a 409 and changes nothing.
 */
export async function acceptInvite(
  ctx: Pick<AppContext, 'db' | 'cache'>,
  student: Account,
  token: string,
): Promise<number[]> {
  const enrolled = await ctx.db.transaction(async (tx) => {
    const member = (await lockMemberByTokenHash(tx, tokenHash(token))) ?? notFound(TEAM_INVITE_NOT_FOUND);
    if (member.status === 'removed') return badRequest(TEAM_MEMBER_REMOVED);
    if (member.status === 'active') return badRequest(TEAM_INVITE_USED);
    const [other] = await tx
      .select({ id: teamMembers.id })
      .from(teamMembers)
      .where(
        and(
          eq(teamMembers.teamId, member.teamId),
          eq(teamMembers.accountId, student.id),
          eq(teamMembers.status, 'active'),
        ),
      );
    if (other) return badRequest(TEAM_INVITE_USED);
    const courseIds = [...new Set((await seatRows(tx, member.teamId)).map((s) => s.courseId))];
    const owned = await ownedCourses(tx, student.id, courseIds);
    const needed = courseIds.filter((id) => !owned.has(id));
    const ids: number[] = [];
    let seated = 0;
    for (const courseId of needed) {
      const seat =
        (await seatOfMember(tx, member.id, courseId)) ??
        (await takeFreeSeat(tx, member.teamId, courseId, member.id));
      if (!seat) continue;
      seated += 1;
      ids.push(...(await enrolOnSeat(tx, student.id, seat)));
    }
    if (needed.length > 0 && seated === 0) throw new NoFreeSeatError();
    // A link whose account is another account's member row elsewhere in the team was refused above.
    await tx
      .update(teamMembers)
      .set({ status: 'active', accountId: student.id, joinedAt: sql`now()`, tokenHash: null })
      .where(eq(teamMembers.id, member.id));
    const team = (await teamById(tx, member.teamId))!;
    await notify(tx, [
      {
        accountId: team.adminId,
        type: 'purchase-confirmed',
        message: { key: 'notice.teamJoined', values: { name: student.fullName, company: team.companyName } },
        link: '/home/team',
      },
    ]);
    return ids;
  });
  if (enrolled.length) await ctx.cache.invalidate(enrolled.map(tag.course));
  return enrolled;
}

/** The share of the seat's course its holder (a joined member) has watched; 0 for nobody. */
async function watchedBy(db: Db | Tx, member: TeamMember | undefined, courseId: number): Promise<number> {
  if (!member?.accountId) return 0;
  return (await courseProgress(db as Db, member.accountId, [courseId])).get(courseId)?.percent ?? 0;
}

/**
 * `POST /team/seat/reassign`: a seat given to another active member of the team (or freed, `memberId` null), only
 * while its holder has watched under TEAM_REASSIGN_MAX_PERCENT of the course. The holder loses the course the seat
 * gave; the new member is enrolled.
 */
export async function reassignSeat(
  ctx: Pick<AppContext, 'db' | 'cache'>,
  team: Team,
  seatId: number,
  memberId: number | null,
): Promise<void> {
  const courseId = await ctx.db.transaction(async (tx) => {
    const seat = (await lockSeat(tx, team.id, seatId)) ?? notFound('Seat not found.');
    if (seat.memberId !== null && seat.memberId === memberId)
      return badRequest('This member already has this seat.');
    const holder = seat.memberId ? await lockMember(tx, team.id, seat.memberId) : undefined;
    const refusal = seatReassignRefusal(await watchedBy(tx, holder, seat.courseId));
    if (refusal) return badRequest(refusal);
    let target: TeamMember | undefined;
    if (memberId !== null) {
      target = (await lockMember(tx, team.id, memberId)) ?? notFound('Member not found.');
      if (target.status !== 'active' || !target.accountId)
        return badRequest('A seat can be given only to a member who has joined the team.');
      if (await seatOfMember(tx, target.id, seat.courseId))
        return badRequest(`${target.name} already has a seat of this course.`);
      if ((await ownedCourses(tx, target.accountId, [seat.courseId])).size)
        return badRequest(`${target.name} already owns this course.`);
    }
    if (holder?.accountId) await unenrolFromSeat(tx, holder.accountId, seat);
    await tx
      .update(teamSeats)
      .set({ memberId: target?.id ?? null, assignedAt: target ? sql`now()` : null })
      .where(eq(teamSeats.id, seat.id));
    if (target?.accountId) await enrolOnSeat(tx, target.accountId, seat);
    return seat.courseId;
  });
  await ctx.cache.invalidate([tag.course(courseId)]);
}

/**
 * `POST /team/member/remove`: the member leaves the team (an invite not yet used stops working). They lose the
 * courses their seats gave; a seat whose course they watched under TEAM_REASSIGN_MAX_PERCENT goes back to the team,
 * a seat used beyond that stays used.
 */
export async function removeMember(
  ctx: Pick<AppContext, 'db' | 'cache'>,
  team: Team,
  memberId: number,
): Promise<void> {
  const courseIds = await ctx.db.transaction(async (tx) => {
    const member = (await lockMember(tx, team.id, memberId)) ?? notFound('Member not found.');
    if (member.status === 'removed') return badRequest('This member was already removed.');
    const held = await tx.select().from(teamSeats).where(eq(teamSeats.memberId, member.id)).for('update');
    for (const seat of held) {
      const watched = await watchedBy(tx, member, seat.courseId);
      if (member.accountId) await unenrolFromSeat(tx, member.accountId, seat);
      if (seatFreedOnRemoval(watched))
        await tx.update(teamSeats).set({ memberId: null, assignedAt: null }).where(eq(teamSeats.id, seat.id));
    }
    await tx
      .update(teamMembers)
      .set({ status: 'removed', removedAt: sql`now()`, tokenHash: null })
      .where(eq(teamMembers.id, member.id));
    return held.map((s) => s.courseId);
  });
  if (courseIds.length) await ctx.cache.invalidate(courseIds.map(tag.course));
}
