import { SOURCE_LOCALE } from '@app/contract/locales';
import { localeOf, translator, type Tr } from '../i18n/index.ts';
import { SELLER_NAME } from './receipt.ts';
import { type CertificateRecord, localHoursText, localIssueDate } from './certificates.ts';

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

/** Sizes and gaps (from one baseline to the next) of the image's lines: roomier with one language than with two. */
const LAYOUT = {
  one: {
    top: 112,
    seller: 34,
    title: [58, 30],
    name: [92, 60],
    completed: [54, 26],
    course: [56, 42, 52],
    details: [62, 24],
    revoked: [50, 28],
  },
  two: {
    top: 96,
    seller: 30,
    title: [48, 26],
    name: [72, 52],
    completed: [42, 22],
    course: [50, 38, 46],
    details: [46, 21],
    revoked: [40, 24],
  },
} as const;

/**
 * The certificate's share image as SVG (sharp turns it into the PNG link previews show). Its words are in the
 * learner's language, each line with the English beneath in smaller type (once when that is English), as the PDF.
 */
export function certificateImageSvg(c: CertificateRecord): string {
  const { width, height } = SHARE_IMAGE;
  const locale = localeOf(c.language);
  const local = translator(locale);
  const english = locale === SOURCE_LOCALE ? undefined : translator(SOURCE_LOCALE);
  const L = english ? LAYOUT.two : LAYOUT.one;
  const font = 'font-family="\'DejaVu Sans\', Arial, sans-serif"';
  const text = (t: string, y: number, size: number, weight: string, fill: string, lang?: string) =>
    `<text x="600" y="${y}" text-anchor="middle" ${font} font-size="${size}" font-weight="${weight}" fill="${fill}"${lang ? ` xml:lang="${lang}"` : ''}>${escapeXml(t)}</text>`;
  let y = L.top;
  const out: string[] = [text(SELLER_NAME, y, L.seller, '700', '#0d47a1')];
  /** A block's lines `gap` below the last one (`step` apart), and the English beneath them in smaller type. */
  const block = (
    [gap, size, step = size]: readonly [number, number, number?],
    lines: string[],
    weight: string,
    fill: string,
    beneath?: string,
  ) => {
    y += gap;
    lines.forEach((line, i) =>
      out.push(text(line, y + i * step, size, weight, fill, beneath ? locale : undefined)),
    );
    y += (lines.length - 1) * step;
    if (beneath) {
      const small = Math.max(15, Math.round(size * 0.6));
      y += small + 8;
      out.push(text(beneath, y, small, '400', '#5b6b7f', SOURCE_LOCALE));
    }
  };
  const length = (tr: Tr) => localHoursText(tr, c.hours);
  block(L.title, [local('certificate.title')], '400', '#5b6b7f', english?.('certificate.title'));
  block(L.name, wrap(c.studentName, 30, 1), '700', '#0b1f33');
  block(L.completed, [local('certificate.completed')], '400', '#5b6b7f', english?.('certificate.completed'));
  block(L.course, wrap(c.courseTitle, 40, 2), '700', '#0b1f33');
  block(
    L.details,
    [`${c.tutorName} · ${length(local)} · ${localIssueDate(c.issuedAt, locale)}`],
    '400',
    '#1a2433',
    english && `${length(english)} · ${localIssueDate(c.issuedAt, SOURCE_LOCALE)}`,
  );
  if (c.status === 'revoked')
    block(L.revoked, [local('certificate.revoked')], '700', '#b71c1c', english?.('certificate.revoked'));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0d47a1"/><stop offset="1" stop-color="#26a69a"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#bg)"/>
<rect x="36" y="36" width="${width - 72}" height="${height - 72}" rx="18" fill="#ffffff"/>
${out.join('\n')}
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
