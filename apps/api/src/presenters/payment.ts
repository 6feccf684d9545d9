import type { TBuyerDto } from '@app/contract/payments';
import { koboToNaira } from '@app/contract/money';

/** Kobo → '₦12,500.00', for messages and the sandbox payment page. */
export function formatNaira(kobo: number): string {
  return `₦${koboToNaira(kobo).toLocaleString('en-NG', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** One buyer row of `/course/boughtcourse`: who bought and the tutor's net from them, in naira. */
export function presentBuyer(row: { fullName: string; email: string; netKobo: number }): TBuyerDto {
  return { fullName: row.fullName, email: row.email, amount: koboToNaira(row.netKobo) };
}
