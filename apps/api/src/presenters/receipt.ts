import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import type { TOrderStatus } from '@app/contract/payment-rules';
import { woffToSfnt } from '../lib/woff.ts';
import { formatNaira } from './payment.ts';

/** The seller every receipt names: the platform, as its emails and payment page call it. */
export const SELLER_NAME = 'DevLearn';

// pdfkit's built-in fonts cannot draw the naira sign (₦ is outside their encoding): DejaVu Sans can.
const require = createRequire(import.meta.url);
let fonts: { body: Buffer; bold: Buffer } | undefined;
/** The two faces as TrueType, read and converted once (see lib/woff.ts). */
export const loadFonts = () =>
  (fonts ??= {
    body: woffToSfnt(
      readFileSync(require.resolve('@fontsource/dejavu-sans/files/dejavu-sans-latin-400-normal.woff')),
    ),
    bold: woffToSfnt(
      readFileSync(require.resolve('@fontsource/dejavu-sans/files/dejavu-sans-latin-700-normal.woff')),
    ),
  });

export type ReceiptInput = {
  reference: string;
  status: TOrderStatus;
  /** The channel paid with (or chosen); null when every channel was offered and nothing was paid. */
  channel: string | null;
  amountKobo: number;
  createdAt: Date;
  paidAt: Date | null;
  student: { fullName: string; email: string };
  /** `seats`: a team's seat order line, priced for that many seats. */
  items: { title: string; priceKobo: number; refunded: boolean; seats?: number }[];
  /** A team's seat order: an invoice in the company's name (docs/payments.md, "Team seats"). */
  invoice?: { companyName: string };
  /** An instalment plan's payment: the plan's whole schedule, with what is paid. */
  schedule?: { number: number; dueAt: Date; amountKobo: number; paid: boolean }[];
};

const CHANNEL_NAMES: Record<string, string> = { card: 'Card', bank_transfer: 'Bank transfer', ussd: 'USSD' };
const STATUS_NAMES: Record<TOrderStatus, string> = {
  pending: 'Awaiting payment',
  paid: 'Paid',
  failed: 'Failed',
  abandoned: 'Not paid (abandoned)',
  refunded: 'Refunded',
  partially_refunded: 'Paid, partly refunded',
};

export const channelName = (channel: string | null) =>
  channel ? (CHANNEL_NAMES[channel] ?? channel) : 'Any (not chosen)';

const dateOf = (d: Date) =>
  d.toLocaleString('en-NG', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Africa/Lagos' }) + ' (Lagos)';

/** The order's PDF receipt: seller, reference, date, each course with its price, the total in naira, channel, status. */
export function renderReceipt(r: ReceiptInput): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: {
      Title: `${SELLER_NAME} ${r.invoice ? 'invoice' : 'receipt'} ${r.reference}`,
      Author: SELLER_NAME,
      CreationDate: r.paidAt ?? r.createdAt,
    },
  });
  const { body, bold } = loadFonts();
  doc.registerFont('body', body);
  doc.registerFont('bold', bold);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  const priceWidth = 130;
  const row = (label: string, value: string, font: 'body' | 'bold' = 'body') => {
    const y = doc.y;
    doc
      .font(font)
      .fontSize(11)
      .text(label, left, y, { width: right - left - priceWidth - 12 });
    const after = doc.y;
    doc.font(font).text(value, right - priceWidth, y, { width: priceWidth, align: 'right' });
    doc.y = Math.max(after, doc.y) + 4;
  };
  const rule = () => {
    doc.moveTo(left, doc.y).lineTo(right, doc.y).lineWidth(0.5).strokeColor('#b8c2cc').stroke();
    doc.y += 8;
  };

  doc.font('bold').fontSize(22).fillColor('#0b1f33').text(SELLER_NAME, left, doc.y);
  doc
    .font('body')
    .fontSize(12)
    .fillColor('#5b6b7f')
    .text(r.invoice ? 'Invoice' : 'Receipt');
  doc.moveDown(1).fillColor('#1a2433');
  const facts: [string, string][] = [
    ['Reference', r.reference],
    ['Date', dateOf(r.paidAt ?? r.createdAt)],
    ...(r.invoice
      ? ([
          ['Billed to', r.invoice.companyName],
          ['Ordered by', `${r.student.fullName} <${r.student.email}>`],
        ] as [string, string][])
      : ([['Billed to', `${r.student.fullName} <${r.student.email}>`]] as [string, string][])),
    ['Payment channel', channelName(r.channel)],
    ['Status', STATUS_NAMES[r.status]],
  ];
  for (const [label, value] of facts) {
    doc.font('bold').fontSize(10).text(`${label}: `, { continued: true }).font('body').text(value);
  }
  doc.moveDown(1.5);
  row('Course', 'Price', 'bold');
  rule();
  for (const item of r.items) {
    const seats = item.seats
      ? ` × ${item.seats} seat${item.seats === 1 ? '' : 's'} at ${formatNaira(Math.round(item.priceKobo / item.seats))}`
      : '';
    row(`${item.title}${seats}${item.refunded ? ' (refunded)' : ''}`, formatNaira(item.priceKobo));
  }
  rule();
  row('Total', formatNaira(r.amountKobo), 'bold');
  if (r.schedule?.length) {
    doc.moveDown(1.5);
    row('Instalment plan', 'Amount', 'bold');
    rule();
    for (const s of r.schedule)
      row(
        `Payment ${s.number}: ${s.paid ? 'paid' : 'due'} ${s.dueAt.toLocaleDateString('en-NG', { dateStyle: 'long', timeZone: 'Africa/Lagos' })}`,
        formatNaira(s.amountKobo),
      );
  }
  doc.moveDown(2);
  doc
    .font('body')
    .fontSize(9)
    .fillColor('#5b6b7f')
    .text(`Amounts are in Nigerian naira (NGN). Sold by ${SELLER_NAME}.`, left, doc.y, {
      width: right - left,
    });
  doc.end();
  return done;
}
