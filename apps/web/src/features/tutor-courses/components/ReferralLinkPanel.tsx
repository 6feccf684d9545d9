import { useState } from 'react';
import { genericError, refusalMessage } from '@/lib/messages.ts';
import { useT } from '@/lib/i18n/index.ts';
import { useReferralLink } from '../api/referral-link.ts';

/**
 * A course's referral link on the tutor's course card (docs/payments.md, "Referral links"): shown on demand, with
 * Copy link, its QR code (the server's PNG) and the terms in words.
 */
export function ReferralLinkPanel({ courseId, title }: { courseId: number; title: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [copied, setCopied] = useState(false);
  const link = useReferralLink(courseId, open);
  const panelId = `referral-${courseId}`;
  const copy = (url: string) =>
    void navigator.clipboard
      ?.writeText(url)
      .then(() => setCopied(true))
      .catch(() => setCopied(false));

  return (
    <div className="referral-link">
      <button
        type="button"
        className="btn btn-outline"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t('tutorCourses.referral.buttonLabel', { title })}
        onClick={() => setOpen((o) => !o)}
      >
        {t('tutorCourses.referral.button')}
      </button>
      {open && (
        <div id={panelId} className="referral-link-panel">
          {link.isPending && <p className="muted">{t('common.loading')}</p>}
          {link.isError && <p role="alert">{refusalMessage(link.error, genericError())}</p>}
          {link.data && (
            <>
              <label htmlFor={`${panelId}-url`}>{t('tutorCourses.referral.yourLink')}</label>
              <input
                id={`${panelId}-url`}
                className="referral-link-url"
                readOnly
                value={link.data.url}
                onFocus={(e) => e.target.select()}
              />
              <div className="row-actions">
                <button type="button" className="btn" onClick={() => copy(link.data.url)}>
                  {t('tutorCourses.referral.copy')}
                </button>
                <a
                  className="btn btn-outline"
                  href={link.data.qrCode}
                  download={`referral-course-${courseId}.png`}
                >
                  {t('tutorCourses.referral.downloadQr')}
                </a>
              </div>
              {copied && <p role="status">{t('tutorCourses.referral.copied')}</p>}
              <img
                className="referral-link-qr"
                src={link.data.qrCode}
                alt={t('tutorCourses.referral.qrAlt', { title })}
                width={160}
                height={160}
              />
              <p className="muted">
                {t('tutorCourses.referral.terms', {
                  days: link.data.days,
                  referralFee: link.data.referralFeePercent,
                  platformFee: link.data.platformFeePercent,
                  kept: 100 - link.data.referralFeePercent,
                })}
              </p>
            </>
          )}
        </div>
      )}
    </div>
  );
}
