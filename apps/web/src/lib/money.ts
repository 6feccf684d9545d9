import { numberFormat } from './i18n/format.ts';

const NAIRA = { minimumFractionDigits: 0, maximumFractionDigits: 2 } as const;

/**
 * ₦ with the language's thousands separators: 15000 → "₦15,000" (`en-NG`; a language this browser has no number data
 * for formats as `en-NG`, lib/i18n/format.ts).
 */
export function formatNaira(amount: number): string {
  return `₦${numberFormat(NAIRA, 'en-NG').format(amount)}`;
}
