import { CERTIFICATE_CODE } from '@app/contract/certificates';
import { API_BASE, preloadKey } from '@app/contract/endpoints';
import { fillPath, OP_ROUTES, PLAIN_ROUTES } from '@app/contract/operation-routes';
import type { AppContext } from '../../context.ts';
import { ok } from '../../errors.ts';
import {
  certificateDto,
  certificateTitle,
  hoursText,
  issueDate,
  REVOKED_TEXT,
  UNKNOWN_CERTIFICATE,
  type CertificateRecord,
} from '../../presenters/certificates.ts';
import { certificateByCode } from '../../queries/certificates.ts';
import { escapeHtml, summary, type PageHead } from './head.ts';

/** What pages.ts needs of a page (its `Page`, without the parts a certificate page has none of). */
export type CertificatePage = {
  head: PageHead;
  status: number;
  answers: Record<string, unknown>;
  body: string;
  module?: string;
};

/** The web app's certificate screen, whose code the document preloads. */
const SCREEN = 'src/features/certificates/CertificatePage.tsx';

/**
 * `/certificate/{code}`: its own preview (the student and course in og:title, the generated share image), the
 * verification answer embedded for the web app's page, and a plain reading of the certificate inside the root,
 * so it reads without JavaScript. Not cached: a refund may revoke it at any time. An unknown code is a 404.
 */
export async function certificatePage(
  ctx: Pick<AppContext, 'db' | 'config'>,
  code: string,
  canonical: string,
): Promise<CertificatePage> {
  const row = CERTIFICATE_CODE.test(code) ? await certificateByCode(ctx.db, code) : undefined;
  if (!row) {
    return {
      status: 404,
      head: {
        title: 'Certificate not found | DevLearn',
        description: UNKNOWN_CERTIFICATE,
        canonical,
        type: 'website',
        noindex: true,
      },
      answers: {},
      body: `<main class="container certificate-fallback"><h1>${escapeHtml(UNKNOWN_CERTIFICATE)}</h1></main>`,
    };
  }
  const revoked = row.status === 'revoked';
  const image = `${ctx.config.publicUrl}${API_BASE}${fillPath(PLAIN_ROUTES.certificateImage.path, { code: row.code })}`;
  const description = revoked
    ? `${REVOKED_TEXT} DevLearn certificate ${row.code}.`
    : summary(
        `DevLearn certificate: ${row.studentName} completed "${row.courseTitle}" by ${row.tutorName}, ` +
          `${hoursText(row.hours)}, on ${issueDate(row.issuedAt)}.`,
      );
  const route = OP_ROUTES.certificateGet;
  return {
    status: 200,
    module: SCREEN,
    head: {
      title: certificateTitle(row),
      description,
      canonical,
      image,
      imageAlt: `${certificateTitle(row)}: DevLearn certificate`,
      type: 'website',
      noindex: revoked,
    },
    answers: {
      [preloadKey(route.method, fillPath(route.path, { code: row.code }))]: {
        responseDto: ok(),
        certificate: certificateDto(row),
      },
    },
    body: certificateFallback(row),
  };
}

/** The certificate as plain HTML (the web app's page replaces it once its code runs). */
function certificateFallback(c: CertificateRecord): string {
  const pdf = `${API_BASE}${fillPath(PLAIN_ROUTES.certificatePdf.path, { code: c.code })}`;
  const fact = (label: string, value: string) => `<dt>${label}</dt><dd>${escapeHtml(value)}</dd>`;
  return [
    '<main class="container certificate-fallback">',
    '<h1>Certificate of completion</h1>',
    c.status === 'revoked' ? `<p role="alert"><strong>${REVOKED_TEXT}</strong></p>` : '',
    '<dl>',
    fact('Student', c.studentName),
    fact('Course', c.courseTitle),
    fact('Tutor', c.tutorName),
    fact('Issued', issueDate(c.issuedAt)),
    fact('Video', hoursText(c.hours)),
    fact('Status', c.status === 'revoked' ? 'Revoked' : 'Valid'),
    fact('Code', c.code),
    '</dl>',
    `<p><a href="${escapeHtml(pdf)}">Download the PDF</a></p>`,
    '</main>',
  ].join('');
}
