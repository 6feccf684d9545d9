import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { CERTIFICATE_CODE, type TCertificateDto } from '@app/contract/certificates';
import { SOURCE_LOCALE, type Locale } from '@app/contract/locales';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { NotFound } from '@/components/NotFound.tsx';
import { ApiError } from '@/lib/api.ts';
import { certificatePdfUrl, useCertificate, verificationUrl } from './api/certificate.ts';
import { useT, useTIn, type Translate } from '@/lib/i18n/index.ts';
import './certificates.css';

function CertificateNotFound() {
  const t = useT();
  return <NotFound title={t('certificates.notFoundTitle')} text={t('certificates.notFoundText')} />;
}
const notFound = <CertificateNotFound />;

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
/**
 * The issue date in `t`'s language, e.g. 3 March 2026 (the date as issued, in UTC). Its month names come from the
 * catalog, not Intl: browsers lack Intl's data for Yoruba, Hausa, Igbo and Pidgin that the server's render has, and the
 * hydrated page must say what the server's did.
 */
export function issueDate(t: Translate, iso: string): string {
  const d = new Date(iso);
  return t('certificates.issuedDate', {
    day: String(d.getUTCDate()),
    month: MONTHS[d.getUTCMonth()],
    year: String(d.getUTCFullYear()),
  });
}

/** `/certificate/{code}`: anyone verifies a certificate, downloads its PDF and shares it. */
export default function CertificatePage() {
  const t = useT();
  const { code = '' } = useParams();
  const valid = CERTIFICATE_CODE.test(code);
  const query = useCertificate(code);
  if (!valid) return notFound;
  if (query.isPending) return <p className="page-loading">{t('common.loading')}</p>;
  if (query.isError) {
    if (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400))
      return notFound;
    return <LoadFailed message={t('certificates.loadFailed')} onRetry={query.refetch} page solid />;
  }
  return <Certificate certificate={query.data.certificate} />;
}

/** The video length as the contract's `videoLengthText` words it ("1 minute", "1.5 hours"), in the app's language. */
function videoLength(t: Translate, hours: number): string {
  const minutes = Math.round(hours * 60);
  if (minutes < 60) return t('certificates.minutes', { count: Math.max(1, minutes) });
  return t('certificates.hours', { count: Math.round(hours * 10) / 10 });
}

const noSubscription = () => () => undefined;

/**
 * The certificate's own words in its learner's language, each with the English beneath (once when that is English),
 * whatever the visitor's language: it is the learner's document. The page around it (title, buttons) is the visitor's.
 */
function useDocumentWords(locale: Locale) {
  const local = useTIn(locale);
  const english = useTIn(SOURCE_LOCALE);
  const both = (text: (t: Translate, locale: Locale) => string): ReactNode => (
    <>
      {text(local, locale)}
      {locale !== SOURCE_LOCALE && (
        <span className="certificate-english" lang={SOURCE_LOCALE}>
          {text(english, SOURCE_LOCALE)}
        </span>
      )}
    </>
  );
  return both;
}

function Certificate({ certificate: c }: { certificate: TCertificateDto }) {
  const t = useT();
  const both = useDocumentWords(c.locale);
  const say = (key: string) => both((tr) => tr(key));
  const revoked = c.status === 'revoked';
  // The page's own origin once in the browser; the server's render (and its hydration) shares the path.
  const origin = useSyncExternalStore(
    noSubscription,
    () => window.location.origin,
    () => '',
  );
  const url = verificationUrl(origin, c.code);
  const shareText = t('certificates.shareText', { name: c.studentName, course: c.courseTitle });
  const title = t('certificates.documentTitle', { course: c.courseTitle, name: c.studentName });
  useEffect(() => {
    document.title = title;
  }, [title]);

  return (
    <div className="page certificate-page">
      <article
        className={revoked ? 'certificate revoked' : 'certificate'}
        aria-labelledby="certificate-title"
        lang={c.locale}
        data-words={c.locale === SOURCE_LOCALE ? c.locale : `${c.locale} ${SOURCE_LOCALE}`}
      >
        <p className="certificate-kicker">{say('certificates.kicker')}</p>
        <h1 id="certificate-title">{c.studentName}</h1>
        <p>{say('certificates.completed')}</p>
        <p className="certificate-course">{c.courseTitle}</p>
        <dl className="certificate-facts">
          <div>
            <dt>{say('certificates.tutor')}</dt>
            <dd>{c.tutorName}</dd>
          </div>
          {c.cohortName && (
            <div>
              <dt>{say('certificates.cohort')}</dt>
              <dd>{c.cohortName}</dd>
            </div>
          )}
          <div>
            <dt>{say('certificates.issued')}</dt>
            <dd>
              <time dateTime={c.issuedAt}>{both((tr) => issueDate(tr, c.issuedAt))}</time>
            </dd>
          </div>
          <div>
            <dt>{say('certificates.video')}</dt>
            <dd>{both((tr) => videoLength(tr, c.hours))}</dd>
          </div>
          <div>
            <dt>{say('certificates.code')}</dt>
            <dd className="certificate-code">{c.code}</dd>
          </div>
          <div>
            <dt>{say('orders.status')}</dt>
            <dd className="certificate-status">
              {say(revoked ? 'certificates.revokedStatus' : 'certificates.valid')}
            </dd>
          </div>
        </dl>
        {revoked && (
          <p className="certificate-revoked" role="alert">
            {say('certificates.revoked')}
          </p>
        )}
      </article>
      {!revoked && (
        <div className="certificate-actions">
          <a className="btn" href={certificatePdfUrl(c.code)} download={`certificate-${c.code}.pdf`}>
            {t('certificates.downloadPdf')}
          </a>
          <a
            className="btn btn-outline"
            href={`https://wa.me/?text=${encodeURIComponent(`${shareText}: ${url}`)}`}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('certificates.shareWhatsApp')}
          </a>
          <a
            className="btn btn-outline"
            href={`https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(url)}`}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('certificates.shareLinkedIn')}
          </a>
        </div>
      )}
    </div>
  );
}
