import { useState } from 'react';
import { GENERIC_ERROR, refusalMessage } from '@/lib/messages.ts';
import { useCalendarFeed } from './api/cohorts.ts';
import './cohorts.css';

/**
 * `/user/calendar`: the student's private calendar feed (docs/cohorts.md "Calendars"): every live class and
 * deadline of their cohorts, for a calendar app to subscribe to. A new URL replaces the old; revoking stops it.
 * The URL is shown only when made (the server keeps only its hash).
 */
export default function CalendarFeedPage() {
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
      <h1>Calendar feed</h1>
      <p>
        Subscribe to your live classes and deadlines in your calendar app (Google Calendar, Outlook, Apple
        Calendar) with a private address. Keep it to yourself: anyone with it can see your schedule.
      </p>
      {url && (
        <div className="card week-block">
          <label htmlFor="feed-url">Your private calendar address</label>
          <input id="feed-url" className="feed-url" readOnly value={url} onFocus={(e) => e.target.select()} />
          <div className="live-actions">
            <button type="button" className="btn" onClick={copy}>
              Copy
            </button>
          </div>
          {copied && <p role="status">Copied.</p>}
          <p className="muted">Only this address works now: an address made before it has stopped.</p>
        </div>
      )}
      {revoke.isSuccess && (
        <p role="status">Your calendar feed was revoked. Calendars using it get nothing more.</p>
      )}
      <div className="live-actions">
        <button type="button" className={url ? 'btn btn-outline' : 'btn'} disabled={busy} onClick={make}>
          {create.isPending ? 'Making...' : url ? 'Make a new address' : 'Get my calendar address'}
        </button>
        <button
          type="button"
          className="btn btn-outline"
          disabled={busy}
          onClick={() => revoke.mutate(undefined, { onSuccess: () => create.reset() })}
        >
          {revoke.isPending ? 'Revoking...' : 'Revoke my calendar address'}
        </button>
      </div>
      {error && <p role="alert">{refusalMessage(error, GENERIC_ERROR)}</p>}
    </section>
  );
}
