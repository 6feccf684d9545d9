import { useState } from 'react';
import { genericError, refusalMessage } from '@/lib/messages.ts';
import { useT } from '@/lib/i18n/index.ts';
import { useCalendarFeed } from './api/cohorts.ts';
import './cohorts.css';

/**
 * `/user/calendar`: the student's private calendar feed (docs/cohorts.md "Calendars"): every live class and
 * deadline of their cohorts, for a calendar app to subscribe to. A new URL replaces the old; revoking stops it.
 * The URL is shown only when made (the server keeps only its hash).
 */
export default function CalendarFeedPage() {
  const t = useT();
  const { create, revoke } = useCalendarFeed();
  const [copied, setCopied] = useState(false);
  const url = create.data && !revoke.isSuccess ? create.data.url : null;
  const busy = create.isPending || revoke.isPending;
  const error = create.error ?? revoke.error;

  const make = () => {
    setCopied(false);
    revoke.reset();
    create.mutate();
  };
  const copy = () =>
    void navigator.clipboard
      ?.writeText(url ?? '')
      .then(() => setCopied(true))
      .catch(() => setCopied(false));

  return (
    <section className="page cohort-page calendar-page">
      <h1>{t('cohorts.calendar.title')}</h1>
      <p>{t('cohorts.calendar.intro')}</p>
      {url && (
        <div className="card week-block">
          <label htmlFor="feed-url">{t('cohorts.calendar.addressLabel')}</label>
          <input id="feed-url" className="feed-url" readOnly value={url} onFocus={(e) => e.target.select()} />
          <div className="live-actions">
            <button type="button" className="btn" onClick={copy}>
              {t('cohorts.calendar.copy')}
            </button>
          </div>
          {copied && <p role="status">{t('cohorts.calendar.copied')}</p>}
          <p className="muted">{t('cohorts.calendar.onlyThis')}</p>
        </div>
      )}
      {revoke.isSuccess && <p role="status">{t('cohorts.calendar.revoked')}</p>}
      <div className="live-actions">
        <button type="button" className={url ? 'btn btn-outline' : 'btn'} disabled={busy} onClick={make}>
          {create.isPending
            ? t('cohorts.calendar.making')
            : url
              ? t('cohorts.calendar.makeNew')
              : t('cohorts.calendar.get')}
        </button>
        <button
          type="button"
          className="btn btn-outline"
          disabled={busy}
          onClick={() => revoke.mutate(undefined, { onSuccess: () => create.reset() })}
        >
          {revoke.isPending ? t('cohorts.calendar.revoking') : t('cohorts.calendar.revoke')}
        </button>
      </div>
      {error && <p role="alert">{refusalMessage(error, genericError())}</p>}
    </section>
  );
}
