import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { TOrderStatus } from '@app/contract/payment-rules';
import type { Locale } from '@app/contract/locales';
import { intlLocale, translator } from '../i18n/index.ts';
import { formatNaira } from './payment.ts';

/** The seller every receipt names: the platform, as its emails and payment page call it. */
export const SELLER_NAME = 'DevLearn';

// pdfkit's built-in fonts cannot draw the naira sign (₦ is outside their encoding), nor Yoruba's, Hausa's and Igbo's
// letters (ẹ, ọ, ṣ, ɓ, ɗ, ƙ, ị, ụ and the tone marks): DejaVu Sans, whole, covers all five languages.
const require = createRequire(import.meta.url);
let fonts: { body: Buffer; bold: Buffer } | undefined;
/** The two faces as TrueType, read once; pdfkit embeds only the glyphs a document uses. */
export const loadFonts = () =>
  (fonts ??= {
    body: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  });

/**
 * pdfkit, loaded with the first document: it brings fontkit and a brotli decoder, about 2.3 MB of source and their
 * compiled code, into a server that may never write a PDF.
 */
export const loadPdfKit = async () => (await import('pdfkit')).default;

export type ReceiptInput = {
  /** The language the receipt is written in: its buyer's (docs/i18n.md). */
  locale: Locale;
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

/** The catalog keys of the channels' and the statuses' names. */
const CHANNEL_KEYS: Record<string, string> = {
  card: 'receipt.channel.card',
  bank_transfer: 'receipt.channel.bankTransfer',
  ussd: 'receipt.channel.ussd',
};
const STATUS_KEYS: Record<TOrderStatus, string> = {
  pending: 'receipt.status.pending',
  paid: 'receipt.status.paid',
  failed: 'receipt.status.failed',
  abandoned: 'receipt.status.abandoned',
  refunded: 'receipt.status.refunded',
  partially_refunded: 'receipt.status.partiallyRefunded',
};

/** The order's PDF receipt: seller, reference, date, each course with its price, the total in naira, channel, status. */
export async function renderReceipt(r: ReceiptInput): Promise<Buffer> {
  const PDFDocument = await loadPdfKit();
  const t = translator(r.locale);
  const tag = intlLocale(r.locale);
  const dateOf = (d: Date) =>
    t('receipt.lagosTime', {
      when: d.toLocaleString(tag, { dateStyle: 'long', timeStyle: 'short', timeZone: 'Africa/Lagos' }),
    });
  const day = (d: Date) => d.toLocaleDateString(tag, { dateStyle: 'long', timeZone: 'Africa/Lagos' });
  const channelName = (channel: string | null) =>
    channel ? (CHANNEL_KEYS[channel] ? t(CHANNEL_KEYS[channel]) : channel) : t('receipt.channel.any');
  const kind = r.invoice ? t('receipt.invoice') : t('receipt.receipt');
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: {
      Title: `${SELLER_NAME} ${kind} ${r.reference}`,
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
  doc.font('body').fontSize(12).fillColor('#5b6b7f').text(kind);
  doc.moveDown(1).fillColor('#1a2433');
  const facts: [string, string][] = [
    [t('receipt.reference'), r.reference],
    [t('receipt.date'), dateOf(r.paidAt ?? r.createdAt)],
    ...(r.invoice
      ? ([
          [t('receipt.billedTo'), r.invoice.companyName],
          [t('receipt.orderedBy'), `${r.student.fullName} <${r.student.email}>`],
        ] as [string, string][])
      : ([[t('receipt.billedTo'), `${r.student.fullName} <${r.student.email}>`]] as [string, string][])),
    [t('receipt.channel'), channelName(r.channel)],
    [t('receipt.status'), t(STATUS_KEYS[r.status])],
  ];
  for (const [label, value] of facts) {
    doc
      .font('bold')
      .fontSize(10)
      .text(t('receipt.fact', { label }), { continued: true })
      .font('body')
      .text(value);
  }
  doc.moveDown(1.5);
  row(t('receipt.course'), t('receipt.price'), 'bold');
  rule();
  for (const item of r.items) {
    const seats = item.seats
      ? t('receipt.seats', { count: item.seats, each: formatNaira(Math.round(item.priceKobo / item.seats)) })
      : '';
    row(
      `${item.title}${seats}${item.refunded ? t('receipt.refundedItem') : ''}`,
      formatNaira(item.priceKobo),
    );
  }
  rule();
  row(t('receipt.total'), formatNaira(r.amountKobo), 'bold');
  if (r.schedule?.length) {
    doc.moveDown(1.5);
    row(t('receipt.plan'), t('receipt.amount'), 'bold');
    rule();
    for (const s of r.schedule)
      row(
        s.paid
          ? t('receipt.planPaid', { number: s.number, day: day(s.dueAt) })
          : t('receipt.planDue', { number: s.number, day: day(s.dueAt) }),
        formatNaira(s.amountKobo),
      );
  }
  doc.moveDown(2);
  doc
    .font('body')
    .fontSize(9)
    .fillColor('#5b6b7f')
    .text(t('receipt.footer', { seller: SELLER_NAME }), left, doc.y, {
      width: right - left,
    });
  doc.end();
  return done;
}
