import type { TLedgerRoute } from '@app/contract/payment-rules';
import { dateFormat } from '@/lib/i18n/format.ts';
import { t } from '@/lib/i18n/index.ts';
import { formatNaira } from '@/lib/money.ts';

// How the earnings screen names money: signed amounts, months, and the ledger's routes and statuses.

/** Like formatNaira, with a minus sign in front of the ₦ for a refund's negative amount: "−₦2,000". */
export const signedNaira = (amount: number) =>
  amount < 0 ? `−${formatNaira(-amount)}` : formatNaira(amount);

/** "2026-03" → "Mar 2026" (in the app's language); anything else is shown as it came. */
export function formatMonth(month: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  return m
    ? dateFormat({ month: 'short', year: 'numeric', timeZone: 'UTC' }, 'en-GB').format(
        new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1)),
      )
    : month;
}

/** An ISO time → "22 Nov 2026" in the viewer's time zone (in the app's language). */
export function formatDay(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : dateFormat({ day: 'numeric', month: 'short', year: 'numeric' }, 'en-GB').format(date);
}

const ROUTE_LABELS: Record<TLedgerRoute, string> = {
  split: 'earnings.route.split',
  owed: 'earnings.route.owed',
};

/** How a ledger line's money reached the tutor, in words. */
export const routeLabel = (route: TLedgerRoute) => t(ROUTE_LABELS[route]);

const STATUS_LABELS: Record<string, string> = {
  settled: 'earnings.status.settled',
  owed: 'earnings.status.owed',
  in_transfer: 'earnings.status.inTransfer',
  paid_out: 'earnings.status.paidOut',
};

/** A ledger line's status in words; one the screen does not know is shown as it came. */
export const ledgerStatusLabel = (status: string) => {
  const key = STATUS_LABELS[status];
  return key ? t(key) : status.replace(/_/g, ' ');
};
