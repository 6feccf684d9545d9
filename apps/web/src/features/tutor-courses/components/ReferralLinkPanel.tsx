import { useState } from 'react';
import { GENERIC_ERROR, refusalMessage } from '@/lib/messages.ts';
import { useReferralLink } from '../api/referral-link.ts';

/**
 * A course's referral link on the tutor's course card (docs/payments.md, "Referral links"): shown on demand, with
 * Copy link, its QR code (the server's PNG) and the terms in words.
 */
export function ReferralLinkPanel({ courseId, title }: { courseId: number; title: string }) {
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
        aria-label={`Referral link of ${title}`}
        onClick={() => setOpen((o) => !o)}
      >
        Referral link
      </button>
      {open && (
        <div id={panelId} className="referral-link-panel">
          {link.isPending && <p className="muted">Loading...</p>}
          {link.isError && <p role="alert">{refusalMessage(link.error, GENERIC_ERROR)}</p>}
          {link.data && (
            <>
              <label htmlFor={`${panelId}-url`}>Your referral link</label>
              <input
                id={`${panelId}-url`}
                className="referral-link-url"
                readOnly
                value={link.data.url}
                onFocus={(e) => e.target.select()}
              />
              <div className="row-actions">
                <button type="button" className="btn" onClick={() => copy(link.data.url)}>
                  Copy link
                </button>
                <a
                  className="btn btn-outline"
                  href={link.data.qrCode}
                  download={`referral-course-${courseId}.png`}
                >
                  Download QR code
                </a>
              </div>
              {copied && <p role="status">Link copied.</p>}
              <img
                className="referral-link-qr"
                src={link.data.qrCode}
                alt={`QR code of your referral link for ${title}`}
                width={160}
                height={160}
              />
              <p className="muted">
                A student who opens this link and buys this course within {link.data.days} days pays the
                platform {link.data.referralFeePercent}% instead of {link.data.platformFeePercent}%: you keep{' '}
                {100 - link.data.referralFeePercent}% of that sale. Your own purchases do not count.
              </p>
            </>
          )}
        </div>
      )}
    </div>
  );
}
