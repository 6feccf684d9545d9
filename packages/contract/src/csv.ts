/**
 * zod-free: a CSV's text as the sales export and the gradebook write it: values quoted where needed, and a text's
 * leading formula character (= + - @) neutralised with a quote, so a spreadsheet never runs a cell as a formula.
 */
export function csvCell(v: string | number | null): string {
  let s = v === null ? '' : String(v);
  if (/^[=+\-@\t\r]/.test(s) && typeof v === 'string') s = `'${s}`;
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** The rows (the header first) as CSV text, lines ended by CRLF. */
export const csvText = (rows: (string | number | null)[][]): string =>
  rows.map((r) => r.map(csvCell).join(',')).join('\r\n');
