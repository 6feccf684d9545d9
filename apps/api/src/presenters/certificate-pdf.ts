import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { SELLER_NAME, loadFonts } from './receipt.ts';
import { type CertificateRecord, REVOKED_TEXT, hoursText, issueDate } from './certificates.ts';

/** The QR code of the verification page, as a PNG (quiet zone included, so any phone camera reads it printed). */
export const verificationQr = (url: string) =>
  QRCode.toBuffer(url, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 360 });

/**
 * The certificate as an A4 landscape PDF: the student's name, the course, its tutor and video hours, the issue
 * date, the code, and a QR code of `verifyUrl` (the public page that says whether it still holds). Not encrypted.
 */
export async function renderCertificatePdf(c: CertificateRecord, verifyUrl: string): Promise<Buffer> {
  const qr = await verificationQr(verifyUrl);
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

  const left = 72;
  const textWidth = width - 2 * left;
  const centred = (text: string, font: 'body' | 'bold', size: number, color: string, gap = 0) => {
    doc
      .font(font)
      .fontSize(size)
      .fillColor(color)
      .text(text, left, doc.y, { width: textWidth, align: 'center' });
    doc.y += gap;
  };
  doc.y = 72;
  centred(SELLER_NAME, 'bold', 20, '#0d47a1', 8);
  centred('Certificate of completion', 'body', 30, '#0b1f33', 24);
  centred('This certifies that', 'body', 13, '#5b6b7f', 6);
  centred(c.studentName, 'bold', 32, '#0b1f33', 10);
  centred('completed the course', 'body', 13, '#5b6b7f', 6);
  centred(c.courseTitle, 'bold', 22, '#0b1f33', 8);
  if (c.cohortName) centred(`in the cohort ${c.cohortName}`, 'body', 13, '#1a2433', 4);
  centred(`taught by ${c.tutorName} · ${hoursText(c.hours)}`, 'body', 13, '#1a2433', 4);
  centred(`Issued on ${issueDate(c.issuedAt)}`, 'body', 13, '#1a2433', 4);
  if (c.status === 'revoked') centred(REVOKED_TEXT, 'bold', 16, '#b71c1c');

  const qrSize = 110;
  const qrX = width - 72 - qrSize;
  const qrY = height - 72 - qrSize;
  doc.image(qr, qrX, qrY, { width: qrSize, height: qrSize });
  doc
    .font('body')
    .fontSize(10)
    .fillColor('#5b6b7f')
    .text(`Certificate code: ${c.code}`, left, qrY + 40, { width: qrX - left - 24 })
    .text(`Verify it at ${verifyUrl}`, { width: qrX - left - 24 });
  doc.end();
  return done;
}
