import type { FastifyInstance } from 'fastify';
import { koboToNaira } from '@app/contract/money';
import { auditOrigin } from '../../commands/audit.ts';
import { payTutors } from '../../commands/payouts.ts';
import { ok } from '../../errors.ts';
import { currentAccount, requireRole } from '../../plugins/auth.ts';
import { presentOwedTutor, presentPayout, presentWaitingBalance } from '../../presenters/payouts.ts';
import { owedTutors, payoutHistory, payoutsByIds, waitingBalances } from '../../queries/payouts.ts';
import { opRoute } from '../op-route.ts';

/** The admin's payouts: who is owed, pay them, and the history. */
export async function adminPayoutRoutes(app: FastifyInstance) {
  const admin = requireRole({ db: app.ctx.db, jwtSecret: app.ctx.config.jwtSecret }, 'admin');

  opRoute(
    app,
    'adminPayoutsList',
    {
      tag: 'payouts',
      description:
        'Tutors owed at least PAYOUT_MINIMUM_NAIRA whose payout account is past its hold, largest balance first; ' +
        'and (`waiting`) the balances that cannot be paid yet, with the reason (held after an account change, ' +
        'below the minimum, no verified account) and, for a hold, when it ends.',
      auth: admin,
    },
    async (req) => {
      const minimumKobo = app.ctx.config.payouts.minimumKobo;
      const [page, waiting] = await Promise.all([
        owedTutors(app.ctx.db, minimumKobo, req.body),
        waitingBalances(app.ctx.db, minimumKobo),
      ]);
      return {
        responseDto: ok(),
        tutors: page.rows.map(presentOwedTutor),
        totalData: page.totalData,
        waiting: waiting.rows.map((w) => presentWaitingBalance(w, minimumKobo)),
        waitingTotal: waiting.total,
        minimum: koboToNaira(minimumKobo),
      };
    },
  );

  opRoute(
    app,
    'adminPayoutsPay',
    {
      tag: 'payouts',
      description:
        "Pays each chosen tutor's owed balance by transfer under our own reference per payout. A tutor with " +
        'nothing due, or whose payout is being sent, is skipped; a payout whose send failed is retried under the ' +
        'same reference (looked up first, so it is never paid twice).',
      auth: admin,
    },
    async (req) => {
      const ids = await payTutors(app.ctx, currentAccount(req), req.body.tutorIds, auditOrigin(req));
      const rows = await payoutsByIds(app.ctx.db, ids);
      return {
        responseDto: ok(ids.length ? 'Payouts sent' : 'Nothing was due to these tutors'),
        payouts: rows.map(presentPayout),
      };
    },
  );

  opRoute(
    app,
    'adminPayoutsHistory',
    { tag: 'payouts', description: 'Every payout, newest first, with its status.', auth: admin },
    async (req) => {
      const page = await payoutHistory(app.ctx.db, req.body);
      return { responseDto: ok(), payouts: page.rows.map(presentPayout), totalData: page.totalData };
    },
  );
}
