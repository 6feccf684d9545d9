import { useEffect, useSyncExternalStore } from 'react';
import { useParams } from 'react-router';
import { CERTIFICATE_CODE, videoLengthText, type TCertificateDto } from '@app/contract/certificates';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { NotFound } from '@/components/NotFound.tsx';
import { ApiError } from '@/lib/api.ts';
import { certificatePdfUrl, useCertificate, verificationUrl } from './api/certificate.ts';
import './certificates.css';

export const REVOKED = 'This certificate was revoked.';

const notFound = (
  <NotFound
    title="Certificate not found"
    text="No certificate has this code. Check the link and try again."
  />
);

/** The issue date, e.g. 3 March 2026 (the date as issued, in UTC). */
export const issueDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** `/certificate/{code}`: anyone verifies a certificate, downloads its PDF and shares it. */
export default function CertificatePage() {
  const { code = '' } = useParams();
  const valid = CERTIFICATE_CODE.test(code);
  const query = useCertificate(code);
  if (!valid) return notFound;
  if (query.isPending) return <p className="page-loading">Loading...</p>;
  if (query.isError) {
    if (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400))
      return notFound;
    return (
      <LoadFailed
        message="We could not load this certificate. Please try again."
        onRetry={query.refetch}
        page
        solid
      />
    );
  }
  return <Certificate certificate={query.data.certificate} />;
}

const noSubscription = () => () => undefined;

function Certificate({ certificate: c }: { certificate: TCertificateDto }) {
  const revoked = c.status === 'revoked';
  // The page's own origin once in the browser; the server's render (and its hydration) shares the path.
  const origin = useSyncExternalStore(
    noSubscription,
    () => window.location.origin,
    () => '',
  );
  const url = verificationUrl(origin, c.code);
  const shareText = `${c.studentName} completed "${c.courseTitle}"`;
  useEffect(() => {
    document.title = `Certificate: ${c.courseTitle} · ${c.studentName}`;
  }, [c.courseTitle, c.studentName]);

  return (
    <div className="page certificate-page">
      <article
        className={revoked ? 'certificate revoked' : 'certificate'}
        aria-labelledby="certificate-title"
      >
        <p className="certificate-kicker">Certificate of completion</p>
        <h1 id="certificate-title">{c.studentName}</h1>
        <p>has completed the course</p>
        <p className="certificate-course">{c.courseTitle}</p>
        <dl className="certificate-facts">
          <div>
            <dt>Tutor</dt>
            <dd>{c.tutorName}</dd>
          </div>
          {c.cohortName && (
            <div>
              <dt>Cohort</dt>
              <dd>{c.cohortName}</dd>
            </div>
          )}
          <div>
            <dt>Issued</dt>
            <dd>
              <time dateTime={c.issuedAt}>{issueDate(c.issuedAt)}</time>
            </dd>
          </div>
          <div>
            <dt>Video</dt>
            <dd>{videoLengthText(c.hours)}</dd>
          </div>
          <div>
            <dt>Certificate code</dt>
            <dd className="certificate-code">{c.code}</dd>
          </div>
          <div>
            <dt>Status</dt>
            <dd className="certificate-status">{revoked ? 'Revoked' : 'Valid'}</dd>
          </div>
        </dl>
        {revoked && (
          <p className="certificate-revoked" role="alert">
            {REVOKED}
          </p>
        )}
      </article>
      {!revoked && (
        <div className="certificate-actions">
          <a className="btn" href={certificatePdfUrl(c.code)} download={`certificate-${c.code}.pdf`}>
            Download PDF
          </a>
          <a
            className="btn btn-outline"
            href={`https://wa.me/?text=${encodeURIComponent(`${shareText}: ${url}`)}`}
            target="_blank"
            rel="noopener noreferrer"
          >
            Share on WhatsApp
          </a>
          <a
            className="btn btn-outline"
            href={`https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(url)}`}
            target="_blank"
            rel="noopener noreferrer"
          >
            Share on LinkedIn
          </a>
        </div>
      )}
    </div>
  );
}
