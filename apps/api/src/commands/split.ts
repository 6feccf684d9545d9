import type { TLedgerRoute } from '@app/contract/payment-rules';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { courseTitles } from '../queries/courses.ts';
import { splitSubaccounts } from '../queries/payouts.ts';
import type { DynamicSplit } from '../services/payments/provider.ts';
import { splitPrice } from './ledger.ts';

/** An order line as the checkout records it: the price, the platform fee, the tutor's net and how it travels. */
export type SplitLine = {
  courseId: number;
  priceKobo: number;
  tutorId: number;
  feeKobo: number;
  netKobo: number;
  route: TLedgerRoute;
  subaccountCode: string | null;
  /** A referral sale's visit (its fee is REFERRAL_FEE_PERCENT), and the net it gained over the usual fee. */
  referralVisitId: number | null;
  referralExtraKobo: number;
};

/** The referral sales of a cart (commands/referrals.ts): course → visit, and their fee percent. */
export type CartReferrals = { feePercent: number; visits: ReadonlyMap<number, number> };

/**
 * Paystack's dynamic split of a cart: one flat share (kobo) per subaccount, the nets of its lines summed. Paystack's
 * fee is borne by the platform (`account`), or with PAYSTACK_FEE_BEARER=subaccount by the one subaccount, or
 * proportionally by everyone (`all-proportional`) when several share the payment. Undefined when nobody splits.
 */
export function dynamicSplit(
  lines: SplitLine[],
  feeBearer: Config['payouts']['feeBearer'],
): DynamicSplit | undefined {
  const shares = new Map<string, number>();
  for (const l of lines) {
    if (l.route === 'split' && l.subaccountCode) {
      shares.set(l.subaccountCode, (shares.get(l.subaccountCode) ?? 0) + l.netKobo);
    }
  }
  const subaccounts = [...shares].map(([subaccount, share]) => ({ subaccount, share }));
  if (subaccounts.length === 0) return undefined;
  if (feeBearer === 'account') return { type: 'flat', bearer_type: 'account', subaccounts };
  if (subaccounts.length === 1) {
    return {
      type: 'flat',
      bearer_type: 'subaccount',
      bearer_subaccount: subaccounts[0]!.subaccount,
      subaccounts,
    };
  }
  return { type: 'flat', bearer_type: 'all-proportional', subaccounts };
}

/**
 * Plans where each line's money goes, at checkout: the platform fee (PLATFORM_FEE_PERCENT of the price, fee + net
 * = price), and the tutor's net split to their subaccount in the payment when their payout account has one and is
 * past its hold, otherwise owed (paid out later by transfer). A line with no net (a free course) is owed nothing.
 * A referral sale's line (`referrals`, checked by the server) has the referral fee instead, never a higher one.
 */
export async function planSplit(
  db: Db,
  lines: { courseId: number; priceKobo: number }[],
  payouts: Pick<Config['payouts'], 'platformFeePercent' | 'feeBearer'>,
  referrals?: CartReferrals,
): Promise<{ lines: SplitLine[]; split: DynamicSplit | undefined }> {
  if (lines.length === 0) return { lines: [], split: undefined };
  const tutors = new Map(
    (
      await courseTitles(
        db,
        lines.map((l) => l.courseId),
      )
    ).map((c) => [c.id, c.tutorId]),
  );
  const subaccounts = await splitSubaccounts(db, [...new Set(tutors.values())]);
  const planned = lines.map((l): SplitLine => {
    const tutorId = tutors.get(l.courseId)!;
    const usual = splitPrice(l.priceKobo, payouts.platformFeePercent);
    const referralVisitId = referrals?.visits.get(l.courseId) ?? null;
    const { feeKobo, netKobo } =
      referralVisitId === null
        ? usual
        : splitPrice(l.priceKobo, Math.min(referrals!.feePercent, payouts.platformFeePercent));
    const subaccountCode = netKobo > 0 ? (subaccounts.get(tutorId) ?? null) : null;
    return {
      courseId: l.courseId,
      priceKobo: l.priceKobo,
      tutorId,
      feeKobo,
      netKobo,
      route: subaccountCode ? 'split' : 'owed',
      subaccountCode,
      referralVisitId,
      referralExtraKobo: usual.feeKobo - feeKobo,
    };
  });
  return { lines: planned, split: dynamicSplit(planned, payouts.feeBearer) };
}
