import { SELLER_NAME } from './receipt.ts';
import { type CertificateRecord, REVOKED_TEXT, hoursText, issueDate } from './certificates.ts';

/** The share image's size: what WhatsApp, LinkedIn and X show large (1.91:1). */
export const SHARE_IMAGE = { width: 1200, height: 630 } as const;

const escapeXml = (s: string) =>
  s.replace(
    /[<>&"']/g,
    (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[ch]!,
  );

/** Splits text into at most `lines` lines of about `perLine` characters, the last one cut with an ellipsis. */
function wrap(text: string, perLine: number, lines: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && (line + ' ' + word).length > perLine) {
      out.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) out.push(line);
  if (out.length <= lines) return out.map((l) => (l.length > perLine ? `${l.slice(0, perLine - 1)}…` : l));
  const kept = out.slice(0, lines);
  kept[lines - 1] = `${kept[lines - 1]!.slice(0, perLine - 1)}…`;
  return kept;
}

/** The certificate's share image as SVG (sharp turns it into the PNG link previews show). */
export function certificateImageSvg(c: CertificateRecord): string {
  const { width, height } = SHARE_IMAGE;
  const font = 'font-family="\'DejaVu Sans\', Arial, sans-serif"';
  const lines = (texts: string[], y: number, size: number, step: number, weight: string, fill: string) =>
    texts
      .map(
        (t, i) =>
          `<text x="600" y="${y + i * step}" text-anchor="middle" ${font} font-size="${size}" font-weight="${weight}" fill="${fill}">${escapeXml(t)}</text>`,
      )
      .join('');
  const name = wrap(c.studentName, 30, 1);
  const course = wrap(c.courseTitle, 40, 2);
  const courseY = 372;
  const after = courseY + (course.length - 1) * 52 + 62;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0d47a1"/><stop offset="1" stop-color="#26a69a"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#bg)"/>
<rect x="36" y="36" width="${width - 72}" height="${height - 72}" rx="18" fill="#ffffff"/>
${lines([SELLER_NAME], 112, 34, 0, '700', '#0d47a1')}
${lines(['Certificate of completion'], 170, 30, 0, '400', '#5b6b7f')}
${lines(name, 262, 60, 0, '700', '#0b1f33')}
${lines(['completed'], 316, 26, 0, '400', '#5b6b7f')}
${lines(course, courseY, 42, 52, '700', '#0b1f33')}
${lines([`${c.tutorName} · ${hoursText(c.hours)} · ${issueDate(c.issuedAt)}`], after, 24, 0, '400', '#1a2433')}
${c.status === 'revoked' ? lines([REVOKED_TEXT], after + 50, 28, 0, '700', '#b71c1c') : ''}
</svg>`;
}

/** The share image as a 1200×630 PNG. */
export async function renderCertificateImage(c: CertificateRecord): Promise<Buffer> {
  // sharp (and libvips) load with the first image, not at start-up.
  const sharp = (await import('sharp')).default;
  return sharp(Buffer.from(certificateImageSvg(c)))
    .resize(SHARE_IMAGE.width, SHARE_IMAGE.height)
    .png({ compressionLevel: 9 })
    .toBuffer();
}
