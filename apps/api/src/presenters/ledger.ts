import { koboToNaira } from '@app/contract/money';
import { maskAccountNumber, type TLedgerRoute } from '@app/contract/payment-rules';
import type { TEarningsSummary, TLedgerLine, TPayoutAccount } from '@app/contract/payouts';

/** A payout account row as the presenter reads it. */
type PayoutAccountRow = {
  bankCode: string;
  bankName: string;
  accountNumber: string;
  accountName: string;
  subaccountCode: string | null;
  holdUntil: Date;
};

type Totals = { owed: number; inTransfer: number; paidOut: number; settledBySplit: number; refunded: number };
type Month = { month: string; gross: number; fee: number; net: number };

/** `/staff/earnings/summary` from kobo totals: naira. */
export function presentEarningsSummary(
  totals: Totals,
  months: Month[],
): Omit<TEarningsSummary, 'responseDto' | 'payout'> {
  return {
    owed: koboToNaira(totals.owed),
    inTransfer: koboToNaira(totals.inTransfer),
    paidOut: koboToNaira(totals.paidOut),
    settledBySplit: koboToNaira(totals.settledBySplit),
    refunded: koboToNaira(totals.refunded),
    byMonth: months.map((m) => ({
      month: m.month,
      gross: koboToNaira(m.gross),
      fee: koboToNaira(m.fee),
      net: koboToNaira(m.net),
    })),
  };
}

/** A buyer as a tutor's ledger shows them: the first name only. */
export const firstName = (fullName: string): string => fullName.trim().split(/\s+/)[0] ?? '';

/** One line of `/staff/ledger`. */
export function presentLedgerLine(row: {
  id: number;
  createdAt: Date;
  kind: 'sale' | 'refund';
  courseId: number;
  courseTitle: string;
  buyerName: string;
  grossKobo: number;
  feeKobo: number;
  netKobo: number;
  route: TLedgerRoute;
  status: string;
  referral: boolean;
}): TLedgerLine {
  return {
    id: row.id,
    date: row.createdAt.toISOString(),
    kind: row.kind,
    courseId: row.courseId,
    courseTitle: row.courseTitle,
    buyerFirstName: firstName(row.buyerName),
    gross: koboToNaira(row.grossKobo),
    fee: koboToNaira(row.feeKobo),
    net: koboToNaira(row.netKobo),
    route: row.route,
    status: row.status,
    referral: row.referral,
  };
}

/**
 * A tutor's payout account: the number masked (`******7890`) unless `showNumber` (the tutor's own confirmation,
 * in the answer of the call that set it).
 */
export function presentPayoutAccount(
  row: PayoutAccountRow | undefined,
  now: Date,
  showNumber = false,
): TPayoutAccount | null {
  if (!row) return null;
  const held = row.holdUntil.getTime() > now.getTime();
  return {
    bankCode: row.bankCode,
    bankName: row.bankName,
    accountNumber: showNumber ? row.accountNumber : maskAccountNumber(row.accountNumber),
    accountName: row.accountName,
    holdUntil: held ? row.holdUntil.toISOString() : null,
    splitActive: !held && row.subaccountCode !== null,
  };
}
