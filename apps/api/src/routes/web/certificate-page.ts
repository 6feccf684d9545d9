import { CERTIFICATE_CODE } from '@app/contract/certificates';
import { API_BASE } from '@app/contract/endpoints';
import { fillPath, PLAIN_ROUTES } from '@app/contract/operation-routes';
import type { AppContext } from '../../context.ts';
import {
  certificateTitle,
  hoursText,
  issueDate,
  REVOKED_TEXT,
  UNKNOWN_CERTIFICATE,
} from '../../presenters/certificates.ts';
import { certificateByCode } from '../../queries/certificates.ts';
import type { Tr } from '../../i18n/index.ts';
import { summary, type PageHead } from './head.ts';

/** What pages.ts needs of a page (its `Page`, without the parts a certificate page has none of). */
export type CertificatePage = { head: PageHead; status: number; module?: string };

/** The web app's certificate screen, whose code the document preloads. */
const SCREEN = 'src/features/certificates/CertificatePage.tsx';

/**
 * The head of `/certificate/{code}`: its own preview (the student and course in og:title, the generated share
 * image). Not cached: a refund may revoke it at any time. An unknown code is a 404.
 */
export async function certificatePage(
  ctx: Pick<AppContext, 'db' | 'config'>,
  code: string,
  canonical: string,
  t: Tr,
): Promise<CertificatePage> {
  const row = CERTIFICATE_CODE.test(code) ? await certificateByCode(ctx.db, code) : undefined;
  if (!row) {
    return {
      status: 404,
      head: {
        title: t('head.certificate.notFoundTitle'),
        description: UNKNOWN_CERTIFICATE,
        canonical,
        type: 'website',
        noindex: true,
      },
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
  };
}
