import { CERTIFICATE_CODE } from '@app/contract/certificates';
import { API_BASE } from '@app/contract/endpoints';
import { fillPath, PLAIN_ROUTES } from '@app/contract/operation-routes';
import type { AppContext } from '../../context.ts';
import { SOURCE_LOCALE, type Locale } from '@app/contract/locales';
import { localHoursText, localIssueDate } from '../../presenters/certificates.ts';
import { certificateByCode } from '../../queries/certificates.ts';
import { localeOf, translator, type Tr } from '../../i18n/index.ts';
import { summary, type PageHead } from './head.ts';

/** What pages.ts needs of a page (its `Page`, without the parts a certificate page has none of). */
export type CertificatePage = { head: PageHead; status: number; module?: string };

/** The web app's certificate screen, whose code the document preloads. */
const SCREEN = 'src/features/certificates/CertificatePage.tsx';

/**
 * The head of `/certificate/{code}`: its own preview (the student and course in og:title, the generated share
 * image) in the learner's language, as the certificate itself, with the English after the description. Not cached:
 * a refund may revoke it at any time. An unknown code is a 404 in the visitor's language.
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
        description: t('head.certificate.notFoundDescription'),
        canonical,
        type: 'website',
        noindex: true,
      },
    };
  }
  const revoked = row.status === 'revoked';
  const image = `${ctx.config.publicUrl}${API_BASE}${fillPath(PLAIN_ROUTES.certificateImage.path, { code: row.code })}`;
  // The learner's document: its preview in their language, the English after it (once when that is English).
  const locale = localeOf(row.language);
  const local = translator(locale);
  const english = locale === SOURCE_LOCALE ? undefined : translator(SOURCE_LOCALE);
  const describe = (tr: Tr, inLocale: Locale) =>
    revoked
      ? `${tr('certificate.revoked')} ${tr('certificate.shareCode', { code: row.code })}`
      : tr('certificate.shareDescription', {
          student: row.studentName,
          course: row.courseTitle,
          tutor: row.tutorName,
          length: localHoursText(tr, row.hours),
          date: localIssueDate(row.issuedAt, inLocale),
        });
  const title = local('certificate.shareTitle', { student: row.studentName, course: row.courseTitle });
  return {
    status: 200,
    module: SCREEN,
    head: {
      title,
      description: summary(
        english ? `${describe(local, locale)} ${describe(english, SOURCE_LOCALE)}` : describe(local, locale),
        english ? 300 : 160,
      ),
      canonical,
      image,
      imageAlt: local('certificate.shareImageAlt', { title }),
      type: 'website',
      noindex: revoked,
      locale,
    },
  };
}
