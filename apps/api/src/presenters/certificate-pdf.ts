import QRCode from 'qrcode';
import { SELLER_NAME, loadFonts, loadPdfKit } from './receipt.ts';
import { SOURCE_LOCALE } from '@app/contract/locales';
import { localeOf, translator, type Values } from '../i18n/index.ts';
import { type CertificateRecord, localHoursText, localIssueDate } from './certificates.ts';

/** The QR code of the verification page, as a PNG (quiet zone included, so any phone camera reads it printed). */
export const verificationQr = (url: string) =>
  QRCode.toBuffer(url, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 360 });

/**
 * The certificate as an A4 landscape PDF: the student's name, the course, its tutor and video hours, the issue
 * date, the code, and a QR code of `verifyUrl` (the public page that says whether it still holds). Not encrypted.
 * Its words are in the learner's language, each line with the English beneath (once when that is English).
 */
export async function renderCertificatePdf(c: CertificateRecord, verifyUrl: string): Promise<Buffer> {
  const [qr, PDFDocument] = await Promise.all([verificationQr(verifyUrl), loadPdfKit()]);
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 48,
    info: {
      Title: `${SELLER_NAME} certificate ${c.code}`,
      Author: SELLER_NAME,
      Subject: `${c.studentName}: ${c.courseTitle}`,
      CreationDate: c.issuedAt,
    },
  });
  const { body, bold } = loadFonts();
  doc.registerFont('body', body);
  doc.registerFont('bold', bold);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const { width, height } = doc.page;
  doc
    .rect(24, 24, width - 48, height - 48)
    .lineWidth(3)
    .strokeColor('#0d47a1')
    .stroke();
  doc
    .rect(32, 32, width - 64, height - 64)
    .lineWidth(0.75)
    .strokeColor('#26a69a')
    .stroke();

  const locale = localeOf(c.language);
  const local = translator(locale);
  const english = locale === SOURCE_LOCALE ? undefined : translator(SOURCE_LOCALE);
  /** A line's text in the learner's language, and the English beneath it (none when that is English). */
  type Line = { text: string; english?: string };
  const line = (key: string, values?: Values): Line => ({
    text: local(key, values),
    english: english?.(key, values),
  });
  const left = 72;
  const textWidth = width - 2 * left;
  const centred = (text: string | Line, font: 'body' | 'bold', size: number, color: string, gap = 0) => {
    const { text: main, english: beneath } = typeof text === 'string' ? { text } : text;
    doc
      .font(font)
      .fontSize(size)
      .fillColor(color)
      .text(main, left, doc.y, { width: textWidth, align: 'center' });
    if (beneath) {
      doc
        .font('body')
        .fontSize(Math.max(8, Math.round(size * 0.6)))
        .fillColor('#5b6b7f')
        .text(beneath, left, doc.y, { width: textWidth, align: 'center' });
    }
    doc.y += gap;
  };
  const length = (tr: typeof local) => localHoursText(tr, c.hours);
  const taught: Line = {
    text: `${local('certificate.taughtBy', { tutor: c.tutorName })} · ${length(local)}`,
    english: english && `${english('certificate.taughtBy', { tutor: c.tutorName })} · ${length(english)}`,
  };
  doc.y = 60;
  centred(SELLER_NAME, 'bold', 18, '#0d47a1', 6);
  centred(line('certificate.title'), 'body', 28, '#0b1f33', 16);
  centred(line('certificate.certifies'), 'body', 13, '#5b6b7f', 4);
  centred(c.studentName, 'bold', 30, '#0b1f33', 8);
  centred(line('certificate.completed'), 'body', 13, '#5b6b7f', 4);
  centred(c.courseTitle, 'bold', 22, '#0b1f33', 8);
  if (c.cohortName) centred(line('certificate.cohort', { cohort: c.cohortName }), 'body', 13, '#1a2433', 4);
  centred(taught, 'body', 13, '#1a2433', 4);
  centred(
    {
      text: local('certificate.issued', { date: localIssueDate(c.issuedAt, locale) }),
      english: english?.('certificate.issued', { date: localIssueDate(c.issuedAt, SOURCE_LOCALE) }),
    },
    'body',
    13,
    '#1a2433',
    4,
  );
  if (c.status === 'revoked') centred(line('certificate.revoked'), 'bold', 16, '#b71c1c');

  const qrSize = 110;
  const qrX = width - 72 - qrSize;
  const qrY = height - 72 - qrSize;
  doc.image(qr, qrX, qrY, { width: qrSize, height: qrSize });
  const footWidth = qrX - left - 24;
  doc.y = qrY + (english ? 24 : 40);
  for (const { text, english: beneath } of [
    line('certificate.code', { code: c.code }),
    line('certificate.verify', { url: verifyUrl }),
  ]) {
    doc.font('body').fontSize(10).fillColor('#5b6b7f').text(text, left, doc.y, { width: footWidth });
    if (beneath) doc.fontSize(8).text(beneath, left, doc.y, { width: footWidth });
  }
  doc.end();
  return done;
}
