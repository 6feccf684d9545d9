import type { FastifyInstance } from 'fastify';
import {
  acceptInvite,
  importMembers,
  inviteMember,
  previewInvite,
  reassignSeat,
  removeMember,
  teamForAdmin,
  viewTeam,
} from '../../commands/teams.ts';
import { ok } from '../../errors.ts';
import { currentAccount, requireRole } from '../../plugins/auth.ts';
import { teamOfAdmin } from '../../queries/teams.ts';
import { authRateLimit } from '../accounts/rate-limit.ts';
import { opRoute } from '../op-route.ts';

/** Team seats: the team admin's dashboard and actions, an invite's page and its acceptance (docs/payments.md). */
export default async function teamRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const student = requireRole({ db: ctx.db, jwtSecret: ctx.config.jwtSecret }, 'user');
  const tag = 'teams';
  const adminNote = ' Only the team admin (the student account that bought its seats): anyone else is a 403.';

  opRoute(
    app,
    'teamMine',
    { tag, auth: student, description: 'The team the caller is the admin of, or null.' },
    async (req) => {
      const team = await teamOfAdmin(ctx.db, currentAccount(req).id);
      return { responseDto: ok(), team: team ? { id: team.id, companyName: team.companyName } : null };
    },
  );

  opRoute(
    app,
    'teamView',
    {
      tag,
      auth: student,
      description:
        "The team's dashboard: seats by course (used, free), members with their seats, progress, quiz results " +
        'and certificates, and the seat orders for their invoices.' +
        adminNote,
    },
    async (req) => {
      const team = await teamForAdmin(ctx.db, currentAccount(req), req.body.teamId);
      return { responseDto: ok(), team: await viewTeam(ctx.db, team) };
    },
  );

  opRoute(
    app,
    'teamInvite',
    {
      tag,
      auth: student,
      description:
        'Invites one person by email (again, with a new link, while they have not joined).' + adminNote,
    },
    async (req) => {
      const team = await teamForAdmin(ctx.db, currentAccount(req), req.body.teamId);
      await inviteMember(ctx, team, req.body);
      return { responseDto: ok(`Invite sent to ${req.body.email.trim().toLowerCase()}`) };
    },
  );

  opRoute(
    app,
    'teamImport',
    {
      tag,
      auth: student,
      description:
        'Invites everyone in a CSV of `email,name` (a header line allowed). Bad rows are answered by line number ' +
        'and left out; the good rows are invited.' +
        adminNote,
    },
    async (req) => {
      const team = await teamForAdmin(ctx.db, currentAccount(req), req.body.teamId);
      const result = await importMembers(ctx, team, req.body.csv);
      return { responseDto: ok(`${result.invited} invited`), ...result };
    },
  );

  opRoute(
    app,
    'teamSeatReassign',
    {
      tag,
      auth: student,
      description:
        'Gives a seat to another member who joined (or frees it, `memberId: null`), only while its holder has ' +
        'watched under 10 % of the course.' +
        adminNote,
    },
    async (req) => {
      const team = await teamForAdmin(ctx.db, currentAccount(req), req.body.teamId);
      await reassignSeat(ctx, team, req.body.seatId, req.body.memberId);
      return { responseDto: ok(req.body.memberId === null ? 'Seat freed' : 'Seat reassigned') };
    },
  );

  opRoute(
    app,
    'teamMemberRemove',
    {
      tag,
      auth: student,
      description:
        'Removes a member (or withdraws an invite): they lose the courses their seats gave; a seat watched under ' +
        '10 % goes back to the team.' +
        adminNote,
    },
    async (req) => {
      const team = await teamForAdmin(ctx.db, currentAccount(req), req.body.teamId);
      await removeMember(ctx, team, req.body.memberId);
      return { responseDto: ok('Member removed') };
    },
  );

  opRoute(
    app,
    'teamInvitePreview',
    {
      tag,
      description:
        "What an invite link holds: the team, its admin, the courses, who it was sent to, and that the member's " +
        'name and progress are visible to the team admin. Public: the token is the secret.',
      extra: { config: authRateLimit(app) },
    },
    async (req) => ({ responseDto: ok(), invite: await previewInvite(ctx.db, req.body.token) }),
  );

  opRoute(
    app,
    'teamInviteAccept',
    {
      tag,
      auth: student,
      description:
        "Joins the team with the caller's account and takes one free seat of each team course the caller does " +
        'not own (enrolled in each). No free seat left is a **409**; a used link a 400.',
    },
    async (req) => {
      const courseIds = await acceptInvite(ctx, currentAccount(req), req.body.token);
      return { responseDto: ok('Welcome to the team'), courseIds };
    },
  );
}
