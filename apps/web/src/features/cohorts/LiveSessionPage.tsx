import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { Link } from '@/components/Link.tsx';
import { JOIN_OPENS_MINUTES } from '@app/contract/cohort-rules';
import { fillPath, PLAIN_ROUTES } from '@app/contract/operation-routes';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { NotFound } from '@/components/NotFound.tsx';
import { ApiError, callOp } from '@/lib/api.ts';
import { lagosClock, lagosSpan } from '@/lib/cohort-dates.ts';
import { downloadWithKey } from '@/lib/download.ts';
import { genericError, refusalMessage } from '@/lib/messages.ts';
import { useT } from '@/lib/i18n/index.ts';
import { useLiveJoin, useLiveSession } from './api/cohorts.ts';
import './cohorts.css';
import { translateRefusal } from '@/lib/i18n/refusals.ts';

/** How often the open page tells the server the student is still there (docs/cohorts.md "Attendance"). */
export const HEARTBEAT_MS = 30_000;

/** Opens the meeting in a new tab; a seam so tests can watch it. */
export const meetingWindow = {
  /** A blank tab opened at the click (a tab opened after the answer would be blocked), or null. */
  reserve: (): Window | null => window.open('about:blank', '_blank'),
  go(tab: Window | null, url: string) {
    if (tab && !tab.closed) {
      tab.opener = null;
      tab.location.href = url;
    } else window.open(url, '_blank', 'noopener,noreferrer');
  },
};

/** The server's time now, read from its clock at the answer (`now`) plus what has passed here since. */
function useServerNow(serverNow: string | undefined, fetchedAt: number): number | null {
  const [, tick] = useState(0);
  useEffect(() => {
    const t = setInterval(() => tick((n) => n + 1), 15_000);
    return () => clearInterval(t);
  }, []);
  return serverNow ? Date.parse(serverNow) + (Date.now() - fetchedAt) : null;
}

/**
 * `/live/:sessionId`: a live class's page for its cohort's students: title and time in Lagos time, Join from 15
 * minutes before the start to the end (the meeting opens in a new tab), heartbeats every 30 s while the page is
 * open inside the session, and its `.ics`. Anyone else reads the server's refusal.
 */
export default function LiveSessionPage() {
  const t = useT();
  const sessionId = Number(useParams().sessionId);
  const valid = Number.isInteger(sessionId) && sessionId > 0;
  const query = useLiveSession(valid ? sessionId : null);
  const join = useLiveJoin(sessionId);
  const [icsError, setIcsError] = useState<string | null>(null);
  const [minutes, setMinutes] = useState<number | null>(null);
  const [meetingUrl, setMeetingUrl] = useState<string | null>(null);
  const now = useServerNow(query.data?.now, query.dataUpdatedAt);
  const s = query.data?.session;
  const inWindow =
    !!s && now !== null && now >= Date.parse(s.joinOpensAt) && now < Date.parse(s.joinClosesAt);
  const beating = useRef(false);

  // Heartbeats while the page is open inside the session; one who has not joined yet is refused, and that is all.
  useEffect(() => {
    if (!inWindow) return;
    const beat = () => {
      if (beating.current) return;
      beating.current = true;
      callOp('liveHeartbeat', { sessionId })
        .then((r) => setMinutes(r.minutesAttended))
        .catch(() => undefined)
        .finally(() => (beating.current = false));
    };
    beat();
    const timer = setInterval(beat, HEARTBEAT_MS);
    return () => clearInterval(timer);
  }, [inWindow, sessionId, join.isSuccess]);

  if (!valid || (query.error instanceof ApiError && query.error.status === 404)) {
    return (
      <NotFound
        className="page empty-state"
        title={t('cohorts.live.notFoundTitle')}
        text={t('cohorts.live.notFoundText')}
      />
    );
  }
  if (query.isPending) return <p className="page-loading">{t('common.loading')}</p>;
  if (query.isError) {
    const refused = query.error instanceof ApiError && query.error.status === 403;
    return refused ? (
      <section className="page cohort-page">
        <h1>{t('cohorts.live.title')}</h1>
        <p role="alert">{translateRefusal(query.error.message)}</p>
        <Link to="/user/week">{t('cohorts.week.title')}</Link>
      </section>
    ) : (
      <LoadFailed message={t('cohorts.live.loadFailed')} onRetry={query.refetch} page />
    );
  }
  const session = query.data.session;
  const ended = now !== null && now >= Date.parse(session.joinClosesAt);

  const onJoin = () => {
    const tab = meetingWindow.reserve();
    join.mutate(undefined, {
      onSuccess: (ticket) => {
        setMeetingUrl(ticket.url);
        meetingWindow.go(tab, ticket.url);
      },
      onError: () => tab?.close(),
    });
  };
  const onIcs = () => {
    setIcsError(null);
    downloadWithKey(
      fillPath(PLAIN_ROUTES.liveSessionIcs.path, { id: session.id }),
      `session-${session.id}.ics`,
    ).catch((err: unknown) => setIcsError(refusalMessage(err, genericError())));
  };

  return (
    <section className="page cohort-page live-page">
      <p className="muted">
        <Link to={`/view-course/${session.courseId}`}>{session.courseTitle}</Link> · {session.cohortName}
      </p>
      <h1>{session.title}</h1>
      <p>{lagosSpan(session.startsAt, session.durationMinutes)}</p>
      {ended ? (
        <p role="status">{t('cohorts.live.ended')}</p>
      ) : inWindow ? (
        <p role="status">{t('cohorts.live.joinOpen', { time: lagosClock(session.joinClosesAt) })}</p>
      ) : (
        <p role="status">
          {t('cohorts.live.joinOpensAt', {
            time: lagosClock(session.joinOpensAt),
            minutes: JOIN_OPENS_MINUTES,
          })}
        </p>
      )}
      <div className="live-actions">
        <button type="button" className="btn" disabled={!inWindow || join.isPending} onClick={onJoin}>
          {join.isPending ? t('cohorts.live.joining') : t('cohorts.live.join')}
        </button>
        <button type="button" className="btn btn-outline" onClick={onIcs}>
          {t('cohorts.live.addToCalendar')}
        </button>
      </div>
      {join.isError && <p role="alert">{refusalMessage(join.error, genericError())}</p>}
      {meetingUrl && (
        <p>
          {t('cohorts.live.meetingOpened')}{' '}
          <a href={meetingUrl} target="_blank" rel="noopener noreferrer">
            {t('cohorts.live.openMeeting')}
          </a>
        </p>
      )}
      {minutes !== null && <p className="muted">{t('cohorts.live.minutes', { minutes })}</p>}
      {icsError && <p role="alert">{icsError}</p>}
      {session.recording && /^https?:\/\//.test(session.recording) && (
        <p>
          <a href={session.recording} target="_blank" rel="noopener noreferrer">
            {t('cohorts.live.recording')}
          </a>
        </p>
      )}
    </section>
  );
}
