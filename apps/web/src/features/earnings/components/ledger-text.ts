import type { TLedgerRoute } from '@app/contract/payment-rules';
import { formatNaira } from '@/lib/money.ts';

// How the earnings screen names money: signed amounts, months, and the ledger's routes and statuses.

/** Like formatNaira, with a minus sign in front of the ₦ for a refund's negative amount: "−₦2,000". */
export const signedNaira = (amount: number) =>
  amount < 0 ? `−${formatNaira(-amount)}` : formatNaira(amount);

const monthName = new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** "2026-03" → "Mar 2026"; anything else is shown as it came. */
export function formatMonth(month: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  return m ? monthName.format(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1))) : month;
}

const dayMonthYear = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/** An ISO time → "22 Nov 2026" in the viewer's time zone. */
export function formatDay(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dayMonthYear.format(date);
}

export const ROUTE_LABELS: Record<TLedgerRoute, string> = {
  split: 'Split at payment',
  owed: 'Owed, paid by transfer',
};

const STATUS_LABELS: Record<string, string> = {
  settled: 'Paid by split',
  owed: 'Owed',
  in_transfer: 'In transfer',
  paid_out: 'Paid out',
};

/** A ledger line's status in words; one the screen does not know is shown as it came. */
export const ledgerStatusLabel = (status: string) => STATUS_LABELS[status] ?? status.replace(/_/g, ' ');
