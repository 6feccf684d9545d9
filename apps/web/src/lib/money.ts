const naira = new Intl.NumberFormat('en-NG', { minimumFractionDigits: 0, maximumFractionDigits: 2 });

/** ₦ with thousands separators: 15000 → "₦15,000". */
export function formatNaira(amount: number): string {
  return `₦${naira.format(amount)}`;
}
