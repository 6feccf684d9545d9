import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  TEAM_NO_FREE_SEAT,
  TEAM_NOT_ADMIN,
  TEAM_PRIVACY_NOTE,
  TEAM_REASSIGN_TOO_LATE,
} from '@app/contract/teams';
import { outbox } from '../../src/db/schema.ts';
import { ledgerEntries, orderLines } from '../../src/db/schema-money.ts';
import { teamSeats } from '../../src/db/schema-teams.ts';
import { buildStudent, type TestAccount, useAccounts } from '../factories.ts';
import { buildApprovedCourse } from '../factories-course.ts';
import { useTestApp } from '../harness.ts';
import { enrolmentsOf } from '../payments/helpers.ts';
import { orderRow, sandboxWithJobs, watch } from '../orders/helpers.ts';
import { buySeats, inviteMail } from './helpers.ts';

const email = (who = 'staff') => `${who}-${randomUUID().slice(0, 8)}@acme.example`;

describe('team seats', () => {
  const t = useTestApp(sandboxWithJobs());
  const [tutor, platformAdmin] = useAccounts(t, 'tutor', 'admin');

  const course = (nairaPrice = 5000) => buildApprovedCourse(t, tutor, { nairaPrice });
  const view = (admin: TestAccount, teamId: number) =>
    t.op('teamView', { body: { teamId }, token: admin.token });
  /** Invites `to` by email and answers the link's token. */
  const invite = async (admin: TestAccount, teamId: number, to = email(), name = 'Ada Staff') => {
    const res = await t.op('teamInvite', { body: { teamId, email: to, name }, token: admin.token });
    expect(res.status, res.text).toBe(200);
    return (await inviteMail(t, to)).token;
  };
  const accept = (who: TestAccount, token: string) =>
    t.op('teamInviteAccept', { body: { token }, token: who.token });
  /** A member who joined: their account, member id and seat of the (first) course. */
  const joined = async (admin: TestAccount, teamId: number) => {
    const to = email('member');
    const token = await invite(admin, teamId, to, 'Bola Member');
    const who = await buildStudent(t, { email: to });
    const res = await accept(who, token);
    expect(res.status, res.text).toBe(200);
    const m = (await view(admin, teamId)).body.team.members.find((x) => x.email === to)!;
    return { who, memberId: m.id, seat: m.seats[0]! };
  };

  it('buys 3 seats on one order line, enrols nobody, splits and records the money as any sale, and invoices the company', async () => {
    const admin = await buildStudent(t);
    const c = await course(5000);
    const { reference, teamId } = await buySeats(t, admin, [c.id], 3, 'Acme Nigeria Ltd');
    const order = await orderRow(t, reference);
    expect(order.amountKobo).toBe(3 * 500000);
    const lines = await t.ctx.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ seats: 3, priceKobo: 1500000 });
    expect(lines[0]!.feeKobo + lines[0]!.netKobo).toBe(1500000);
    const ledger = await t.ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, order.id));
    expect(ledger.map((l) => [l.kind, l.grossKobo, l.feeKobo + l.netKobo])).toEqual([
      ['sale', 1500000, 1500000],
    ]);
    expect(await enrolmentsOf(t, admin.id)).toEqual([]);

    const team = (await view(admin, teamId)).body.team;
    expect(team.companyName).toBe('Acme Nigeria Ltd');
    expect(team.courses).toEqual([
      { courseId: c.id, title: c.title, seats: 3, used: 0, free: 3, freeSeatId: expect.any(Number) },
    ]);
    expect(team.orders).toMatchObject([{ reference, seats: 3, amount: 15000, status: 'paid' }]);

    const got = await t.op('orderGet', { params: { reference }, token: admin.token });
    expect(got.body.order.team).toEqual({ companyName: 'Acme Nigeria Ltd', seats: 3 });
    expect(got.body.order.items[0]!.refundable).toBe(false);

    const pdf = await fetch(`${t.url}/dl/api/v1/order/${reference}/receipt.pdf`, {
      headers: { apiKey: admin.token },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toContain(`invoice-${reference}.pdf`);

    // Seats are bought on their own: no coupon, plan, cohort or gift with them.
    const withGift = await t.op('cardCharge', {
      body: {
        courseIds: [c.id],
        team: { companyName: 'Acme', seats: 2 },
        gift: { name: 'X', email: email() },
      },
      token: admin.token,
    });
    expect(withGift.status).toBe(400);
    const zero = await t.op('cardCharge', {
      body: { courseIds: [c.id], team: { companyName: 'Acme', seats: 0 } },
      token: admin.token,
    });
    expect(zero.status).toBe(400);
    expect(zero.body.responseDto.message).toContain('Buy at least 1 seat');
  });

  it("writes an invite in the admin's language (the invitee may have no account), and the admin's bell in theirs", async () => {
    const admin = await buildStudent(t, { fullName: 'Emeka Obi' });
    await t.op('languageUpdate', { token: admin.token, body: { language: 'pcm' } });
    const c = await course();
    const { teamId } = await buySeats(t, admin, [c.id], 2);
    const to = email('naija');
    const res = await t.op('teamInvite', {
      body: { teamId, email: to, name: 'Tunde Staff' },
      token: admin.token,
    });
    expect(res.status, res.text).toBe(200);
    const [mail] = await t.ctx.db.select().from(outbox).where(eq(outbox.to, to.toLowerCase()));
    expect(mail!.subject).toBe('Emeka Obi invite you join Acme Nigeria Ltd team for DevLearn');
    expect(mail!.body).toContain(
      `Emeka Obi invite you make you learn for DevLearn with Acme Nigeria Ltd: "${c.title}". Dem don pay for your seat.`,
    );
    expect(mail!.body).not.toContain(TEAM_PRIVACY_NOTE);
    const link = /Join di team here: (\S+)/.exec(mail!.body)?.[1];
    expect(link, mail!.body).toBeTruthy();
    const member = await buildStudent(t, { email: to, fullName: 'Tunde Staff' });
    expect((await accept(member, new URL(link!).searchParams.get('token')!)).status).toBe(200);
    const bell = await t.op('notificationList', { body: { pageSize: 10, pageNo: 0 }, token: admin.token });
    expect(bell.body.notifications.map((n) => n.message).slice(0, 2)).toEqual([
      'Tunde Staff don join Acme Nigeria Ltd team for DevLearn.',
      'You don pay for your team seats: 2 seats for Acme Nigeria Ltd. Invite your people from your team page.',
    ]);
  });

  it('invites by email with the privacy note; the member joins with a new account, is enrolled once, and the admin sees their progress', async () => {
    const admin = await buildStudent(t);
    const c = await course();
    const { teamId } = await buySeats(t, admin, [c.id], 2);
    const to = email('new');
    const token = await invite(admin, teamId, to, 'Chioma Staff');
    const { mail, link } = await inviteMail(t, to);
    expect(mail.body).toContain('Hello Chioma Staff,');
    expect(mail.body).toContain(TEAM_PRIVACY_NOTE);
    expect(mail.body).toContain(c.title);
    expect(link).toBe(`${t.config.publicUrl}/team/join?token=${token}`);

    const preview = await t.op('teamInvitePreview', { body: { token } });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.invite).toMatchObject({
      companyName: 'Acme Nigeria Ltd',
      adminName: admin.fullName,
      email: to,
      courses: [{ id: c.id, title: c.title }],
      state: 'open',
      privacyNote: TEAM_PRIVACY_NOTE,
    });

    const member = await buildStudent(t, { email: to });
    const res = await accept(member, token);
    expect(res.status, res.text).toBe(200);
    expect(res.body.courseIds).toEqual([c.id]);
    expect(await enrolmentsOf(t, member.id)).toEqual([{ courseId: c.id, pricePaidKobo: 0 }]);
    const again = await accept(member, token);
    expect(again.status).toBe(404);

    await watch(t, member.id, c.id, 0.5);
    const team = (await view(admin, teamId)).body.team;
    expect(team.courses[0]).toMatchObject({ seats: 2, used: 1, free: 1 });
    expect(team.members).toMatchObject([
      {
        name: 'Chioma Staff',
        email: to,
        status: 'active',
        seats: [{ courseId: c.id, watchedPercent: 50, canReassign: false, certificateCode: null }],
      },
    ]);
    expect((await t.op('teamInvitePreview', { body: { token } })).status).toBe(404);
    // Inviting a member who joined is refused; the same person invited again before joining gets a new link.
    const dup = await t.op('teamInvite', { body: { teamId, email: to, name: 'X' }, token: admin.token });
    expect(dup.status).toBe(400);
    expect(dup.body.responseDto.message).toBe(`${to} is already a member of the team.`);
  });

  it('imports a CSV: bad rows reported by line, good rows invited', async () => {
    const admin = await buildStudent(t);
    const c = await course();
    const { teamId } = await buySeats(t, admin, [c.id], 5);
    const [a, b, d] = [email('a'), email('b'), email('d')];
    const csv = [
      'Email,Name',
      `${a},Ada Obi`,
      'not-an-email,Bad Row',
      '',
      `"${b}","Obi, Bola"`,
      `${d},`,
      `${a.toUpperCase()},Ada Again`,
      `=HYPERLINK("x"),Evil`,
    ].join('\r\n');
    const res = await t.op('teamImport', { body: { teamId, csv }, token: admin.token });
    expect(res.status, res.text).toBe(200);
    expect(res.body.invited).toBe(2);
    expect(res.body.errors).toEqual([
      { line: 3, message: '"not-an-email" is not a valid email address.' },
      { line: 6, message: 'Name is required' },
      { line: 7, message: `${a} is already on line 2.` },
      { line: 8, message: '"=HYPERLINK("x")" is not a valid email address.' },
    ]);
    const members = (await view(admin, teamId)).body.team.members;
    expect(members.map((m) => [m.email, m.name, m.status])).toEqual([
      [a, 'Ada Obi', 'invited'],
      [b, 'Obi, Bola', 'invited'],
    ]);
    expect((await inviteMail(t, b)).mail.body).toContain('Hello Obi, Bola,');
    // A member who joined is reported on their line; the others are invited again (a new link).
    await accept(await buildStudent(t, { email: a }), (await inviteMail(t, a)).token);
    const second = await t.op('teamImport', {
      body: { teamId, csv: `${a},Ada Obi\n${b},Bola Obi` },
      token: admin.token,
    });
    expect(second.body).toMatchObject({
      invited: 1,
      errors: [{ line: 1, message: `${a} is already a member of the team.` }],
    });
  });

  it('gives exactly 10 members for 20 concurrent joins of 10 free seats', async () => {
    const admin = await buildStudent(t);
    const c = await course();
    const { teamId } = await buySeats(t, admin, [c.id], 10);
    const people = Array.from({ length: 20 }, (_, i) => ({ to: email(`race${i}`), name: `Racer ${i}` }));
    const csv = people.map((p) => `${p.to},${p.name}`).join('\n');
    const imported = await t.op('teamImport', { body: { teamId, csv }, token: admin.token });
    expect(imported.body.invited).toBe(20);
    const joiners = await Promise.all(
      people.map(async (p) => ({
        who: await buildStudent(t, { email: p.to }),
        token: (await inviteMail(t, p.to)).token,
      })),
    );
    const results = await Promise.all(joiners.map((j) => accept(j.who, j.token)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(10);
    expect(results.find((r) => r.status === 409)!.body.responseDto.message).toBe(TEAM_NO_FREE_SEAT);
    const seats = await t.ctx.db.select().from(teamSeats).where(eq(teamSeats.teamId, teamId));
    expect(seats).toHaveLength(10);
    expect(new Set(seats.map((s) => s.memberId)).size).toBe(10);
    expect(seats.every((s) => s.memberId !== null)).toBe(true);
    const team = (await view(admin, teamId)).body.team;
    expect(team.members.filter((m) => m.status === 'active')).toHaveLength(10);
    expect(team.courses[0]).toMatchObject({ seats: 10, used: 10, free: 0 });
    const [{ n }] = (await t.ctx.db
      .execute(sql`select count(*)::int as n from enrolments where course_id = ${c.id}`)
      .then((r) => (r as unknown as { rows: { n: number }[] }).rows)) as [{ n: number }];
    expect(n).toBe(10);
  });

  it('reassigns a seat while its member watched under 10 %, never after', async () => {
    const admin = await buildStudent(t);
    const c = await course();
    const { teamId } = await buySeats(t, admin, [c.id], 2);
    const first = await joined(admin, teamId);
    const second = await joined(admin, teamId);
    // Both seats taken; the first member has watched nothing: their seat may be freed, then given to someone else.
    const freed = await t.op('teamSeatReassign', {
      body: { teamId, seatId: first.seat.seatId, memberId: null },
      token: admin.token,
    });
    expect(freed.status, freed.text).toBe(200);
    expect(await enrolmentsOf(t, first.who.id)).toEqual([]);
    const back = await t.op('teamSeatReassign', {
      body: { teamId, seatId: first.seat.seatId, memberId: first.memberId },
      token: admin.token,
    });
    expect(back.status, back.text).toBe(200);
    expect(await enrolmentsOf(t, first.who.id)).toHaveLength(1);
    // The second member already has a seat of this course.
    const twice = await t.op('teamSeatReassign', {
      body: { teamId, seatId: first.seat.seatId, memberId: second.memberId },
      token: admin.token,
    });
    expect(twice.status).toBe(400);

    // At 25 % watched the seat is theirs for good.
    await watch(t, second.who.id, c.id, 0.25);
    const late = await t.op('teamSeatReassign', {
      body: { teamId, seatId: second.seat.seatId, memberId: null },
      token: admin.token,
    });
    expect(late.status).toBe(400);
    expect(late.body.responseDto.message).toBe(TEAM_REASSIGN_TOO_LATE);
    expect(await enrolmentsOf(t, second.who.id)).toHaveLength(1);
    const team = (await view(admin, teamId)).body.team;
    const bySeat = new Map(team.members.flatMap((m) => m.seats.map((s) => [s.seatId, s.canReassign])));
    expect(bySeat.get(second.seat.seatId)).toBe(false);
    expect(bySeat.get(first.seat.seatId)).toBe(true);
  });

  it('removes members: the courses go, a seat watched under 10 % comes back, one used beyond stays used', async () => {
    const admin = await buildStudent(t);
    const c = await course();
    const { teamId } = await buySeats(t, admin, [c.id], 2);
    const idle = await joined(admin, teamId);
    const busy = await joined(admin, teamId);
    await watch(t, busy.who.id, c.id, 0.5);
    for (const m of [idle, busy]) {
      const res = await t.op('teamMemberRemove', {
        body: { teamId, memberId: m.memberId },
        token: admin.token,
      });
      expect(res.status, res.text).toBe(200);
      expect(await enrolmentsOf(t, m.who.id)).toEqual([]);
    }
    const team = (await view(admin, teamId)).body.team;
    expect(team.courses[0]).toMatchObject({ seats: 2, used: 1, free: 1 });
    expect(team.members.map((m) => m.status)).toEqual(['removed', 'removed']);
    // An invite not used yet stops working once withdrawn.
    const to = email('late');
    const token = await invite(admin, teamId, to);
    const pending = (await view(admin, teamId)).body.team.members.find((m) => m.email === to)!;
    await t.op('teamMemberRemove', { body: { teamId, memberId: pending.id }, token: admin.token });
    expect((await accept(await buildStudent(t, { email: to }), token)).status).toBe(404);
  });

  it('lets only the team admin see and manage the team', async () => {
    const admin = await buildStudent(t);
    const c = await course();
    const { teamId } = await buySeats(t, admin, [c.id], 3);
    const member = await joined(admin, teamId);
    const stranger = await buildStudent(t);
    const token = await invite(admin, teamId);
    const calls = {
      teamView: { teamId },
      teamInvite: { teamId, email: email(), name: 'New Person' },
      teamImport: { teamId, csv: `${email()},Someone` },
      teamSeatReassign: { teamId, seatId: member.seat.seatId, memberId: null },
      teamMemberRemove: { teamId, memberId: member.memberId },
    } as const;
    for (const [name, body] of Object.entries(calls) as [keyof typeof calls, never][]) {
      const as = (token?: string) => t.op(name, { body, ...(token ? { token } : {}) } as never);
      expect((await as()).status, `${name} as a guest`).toBe(401);
      for (const [who, account] of [
        ['member', member.who],
        ['another student', stranger],
      ] as const) {
        const res = await as(account.token);
        expect(res.status, `${name} as ${who}`).toBe(403);
        expect(res.body.responseDto.message).toBe(TEAM_NOT_ADMIN);
      }
      for (const account of [tutor, platformAdmin])
        expect((await as(account.token)).status, `${name} as ${account.role}`).toBe(403);
      const unknown = await t.op(name, {
        body: { ...(body as object), teamId: 999999 },
        token: admin.token,
      } as never);
      expect(unknown.status, `${name} of an unknown team`).toBe(404);
    }
    // The team admin may do each (the removal last: it frees the seat the reassign names).
    for (const name of Object.keys(calls) as (keyof typeof calls)[]) {
      const res = await t.op(name, { body: calls[name], token: admin.token } as never);
      expect(res.status, `${name} as the team admin: ${res.text}`).toBe(200);
    }
    // teamMine: each student sees only their own team; tutors and admins are refused.
    expect((await t.op('teamMine', { token: stranger.token })).body.team).toBeNull();
    expect((await t.op('teamMine', { token: member.who.token })).body.team).toBeNull();
    expect((await t.op('teamMine', { token: tutor.token })).status).toBe(403);
    expect((await t.op('teamMine', {})).status).toBe(401);
    // The invite: its page is public; joining needs a student account.
    expect((await t.op('teamInvitePreview', { body: { token } })).status).toBe(200);
    expect((await t.op('teamInviteAccept', { body: { token } })).status).toBe(401);
    expect((await t.op('teamInviteAccept', { body: { token }, token: tutor.token })).status).toBe(403);
    // A used link: the member cannot join twice, nor another account with it.
    const used = await accept(stranger, token);
    expect(used.status, used.text).toBe(200);
    expect((await accept(stranger, token)).status).toBe(404);
  });
});
