import { koboToNaira } from '@app/contract/money';
import { splitPrice } from '../../commands/ledger.ts';
import { receivedNetOfTutor, scheduledKoboOfTutor } from '../../queries/plans.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  bankList,
  requestPayoutCode,
  resolveAccount,
  setPayoutAccount,
} from '../../commands/payout-account.ts';
import { auditOrigin } from '../../commands/audit.ts';
import { ok } from '../../errors.ts';
import { currentAccount, requireRole } from '../../plugins/auth.ts';
import { presentEarningsSummary, presentLedgerLine, presentPayoutAccount } from '../../presenters/ledger.ts';
import { ledgerByMonth, ledgerPage, ledgerTotals } from '../../queries/ledger.ts';
import { payoutStanding } from '../../presenters/payouts.ts';
import { payoutAccountOf } from '../../queries/payouts.ts';
import { opRoute } from '../op-route.ts';

/** Account checks a tutor may make per minute (`POST /bank/resolve`). */
export const RESOLVES_PER_MINUTE = 10;

/** The tutor's side: banks, account checks, the payout account, the earnings summary and the ledger. */
export async function tutorPayoutRoutes(app: FastifyInstance) {
  const tutor = requireRole({ db: app.ctx.db, jwtSecret: app.ctx.config.jwtSecret }, 'tutor');

  opRoute(
    app,
    'bankList',
    { tag: 'payouts', description: "Nigerian banks (the provider's list, kept for a day).", auth: tutor },
    async () => ({ responseDto: ok(), banks: await bankList(app.ctx.payments) }),
  );

  opRoute(
    app,
    'bankResolve',
    {
      tag: 'payouts',
      description:
        `The account's name at the bank, for the tutor to confirm. At most ${RESOLVES_PER_MINUTE} a minute per ` +
        'tutor (429). An unknown account is a 400.',
      auth: tutor,
      extra: {
        config: {
          rateLimit: {
            max: RESOLVES_PER_MINUTE,
            timeWindow: '1 minute',
            // After the auth hook, so the limit counts per tutor whatever their address.
            hook: 'preHandler',
            keyGenerator: (req: FastifyRequest) => `bank-resolve:${req.account?.id ?? req.ip}`,
          },
        },
      },
    },
    async (req) => {
      const { accountName } = await resolveAccount(
        app.ctx.payments,
        req.body.bankCode,
        req.body.accountNumber,
      );
      return { responseDto: ok(), accountName };
    },
  );

  opRoute(
    app,
    'payoutAccountGet',
    { tag: 'payouts', description: "The tutor's payout account, its number masked.", auth: tutor },
    async (req) => {
      const row = await payoutAccountOf(app.ctx.db, currentAccount(req).id);
      return { responseDto: ok(), payoutAccount: presentPayoutAccount(row, new Date()) };
    },
  );

  opRoute(
    app,
    'payoutAccountCode',
    {
      tag: 'payouts',
      description:
        'Emails the tutor a 6-digit code (valid 10 minutes, once) that `POST /staff/payoutaccount` needs. At most ' +
        '5 codes an hour (429 beyond).',
      auth: tutor,
    },
    async (req) => {
      await requestPayoutCode(app.ctx, currentAccount(req));
      return { responseDto: ok('A code has been sent to your email address.') };
    },
  );

  opRoute(
    app,
    'payoutAccountSet',
    {
      tag: 'payouts',
      description:
        'Sets the payout account after checking the password and the emailed code; the bank resolves the name. ' +
        'Nothing is paid or split to a new or changed account for PAYOUT_HOLD_HOURS. The answer, the tutor’s own ' +
        'confirmation, shows the full number; every other answer masks it.',
      auth: tutor,
    },
    async (req) => {
      const saved = await setPayoutAccount(app.ctx, currentAccount(req), req.body, auditOrigin(req));
      return {
        responseDto: ok('Your payout account is saved.'),
        payoutAccount: presentPayoutAccount(saved, new Date(), true),
      };
    },
  );

  opRoute(
    app,
    'earningsSummary',
    {
      tag: 'payouts',
      description:
        "The tutor's money in naira: owed, in transfer, paid out, settled by split, refunded, by month; and " +
        'whether the owed balance can be paid out now, or why not and until when (`payout`).',
      auth: tutor,
    },
    async (req) => {
      const id = currentAccount(req).id;
      const [totals, months, account, received, scheduled] = await Promise.all([
        ledgerTotals(app.ctx.db, id),
        ledgerByMonth(app.ctx.db, id),
        payoutAccountOf(app.ctx.db, id),
        receivedNetOfTutor(app.ctx.db, id),
        scheduledKoboOfTutor(app.ctx.db, id),
      ]);
      const feePercent = app.ctx.config.payouts.platformFeePercent;
      return {
        responseDto: ok(),
        ...presentEarningsSummary(totals, months),
        // What plans brought and will bring, each scheduled payment's net as its sale line will split it.
        instalments: {
          received: koboToNaira(received),
          scheduled: koboToNaira(
            scheduled.reduce((sum, kobo) => sum + splitPrice(kobo, feePercent).netKobo, 0),
          ),
        },
        payout: payoutStanding(totals.owed, account, app.ctx.config.payouts.minimumKobo),
      };
    },
  );

  opRoute(
    app,
    'staffLedger',
    { tag: 'payouts', description: "The tutor's ledger lines, newest first.", auth: tutor },
    async (req) => {
      const page = await ledgerPage(app.ctx.db, currentAccount(req).id, req.body);
      return { responseDto: ok(), lines: page.rows.map(presentLedgerLine), totalData: page.totalData };
    },
  );
}
