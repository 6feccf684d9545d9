import { useState } from 'react';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import type { ZLiveSessionDto } from '@app/contract/cohorts';
import { DataTable, type Column } from '@/components/DataTable.tsx';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { formatLagosTime } from '@/lib/dates.ts';
import { useT } from '@/lib/i18n/index.ts';
import { genericError, refusalMessage } from '@/lib/messages.ts';
import { ConfirmDialog } from '@/components/ConfirmDialog.tsx';
import { FormAlert } from '@/components/form/FormAlert.tsx';
import { useCohortSessions, useDeleteSession, useJoinSession } from '../api/cohorts.ts';
import { AttendanceSheet } from './AttendanceSheet.tsx';
import { RecordingForm } from './RecordingForm.tsx';
import { lagosZone } from '../cohort-text.ts';
import { providerLabel, SessionForm } from './SessionForm.tsx';

type TSession = z.infer<typeof ZLiveSessionDto>;

/** Whether joining is open at `now`: from 15 minutes before the start to the end. */
const joinOpen = (s: TSession, now: number) =>
  now >= Date.parse(s.joinOpensAt) && now < Date.parse(s.joinClosesAt);
const isOver = (s: TSession, now: number) => now >= Date.parse(s.joinClosesAt);
const hasStarted = (s: TSession, now: number) => now >= Date.parse(s.startsAt);

/** Asks before deleting a session that has not started: its members' reminders of it are not sent. */
function ConfirmDelete({ session, onClose }: { session: TSession; onClose: () => void }) {
  const t = useT();
  const remove = useDeleteSession();
  return (
    <ConfirmDialog
      title={t('cohortTutor.deleteDialog.title', { title: session.title })}
      cancelLabel={t('cohortTutor.deleteDialog.keep')}
      confirmLabel={t('cohortTutor.deleteDialog.confirm')}
      pendingLabel={t('cohortTutor.deleteDialog.pending')}
      pending={remove.isPending}
      onClose={onClose}
      onConfirm={() =>
        remove.mutate(session.id, {
          onSuccess: () => {
            toast.success(t('cohortTutor.deleteDialog.deleted', { title: session.title }));
            onClose();
          },
        })
      }
    >
      <p>{t('cohortTutor.deleteDialog.text', { when: formatLagosTime(session.startsAt) })}</p>
      <FormAlert message={remove.isError && refusalMessage(remove.error, genericError())} />
    </ConfirmDialog>
  );
}

/**
 * The cohort's live sessions: join one as its moderator while joining is open, open its attendance sheet, and
 * attach its recording once it is over.
 */
export function SessionList({ cohortId }: { cohortId: number }) {
  const t = useT();
  const sessions = useCohortSessions(cohortId);
  const join = useJoinSession();
  const [sheet, setSheet] = useState<TSession | null>(null);
  const [recording, setRecording] = useState<TSession | null>(null);
  const [editing, setEditing] = useState<TSession | null>(null);
  const [deleting, setDeleting] = useState<TSession | null>(null);
  const now = Date.now();

  // The tab opens on the click itself (a later window.open is blocked), and is sent to the meeting once it answers.
  const enter = (s: TSession) => {
    const tab = window.open('about:blank', '_blank');
    if (tab) tab.opener = null;
    join.mutate(s.id, {
      onSuccess: (res) => {
        if (tab) tab.location.href = res.url;
        else window.location.assign(res.url);
      },
      onError: (err) => {
        tab?.close();
        toast.error(refusalMessage(err, genericError()));
      },
    });
  };

  const columns: Column<TSession>[] = [
    { head: t('cohortTutor.sessions.session'), title: true, cell: (s) => s.title },
    { head: t('cohortTutor.startsZone', { zone: lagosZone(t) }), cell: (s) => formatLagosTime(s.startsAt) },
    {
      head: t('cohortTutor.sessions.duration'),
      cell: (s) => t('cohortTutor.sessions.minutes', { minutes: s.durationMinutes }),
    },
    { head: t('cohortTutor.session.meeting'), cell: (s) => providerLabel(s.provider, t) },
    {
      head: t('cohortTutor.sessions.recording'),
      cell: (s) =>
        s.recording ? (
          <a href={s.recording} target="_blank" rel="noopener noreferrer" className="cohort-recording">
            {t('cohortTutor.sessions.recording')}
          </a>
        ) : (
          <span className="muted">{t('cohortTutor.sessions.noRecording')}</span>
        ),
    },
    {
      head: t('cohortTutor.sessions.actions'),
      cell: (s) => (
        <div className="row-actions">
          {joinOpen(s, now) ? (
            <button
              type="button"
              className="btn"
              aria-label={t('cohortTutor.sessions.joinLabel', { title: s.title })}
              disabled={join.isPending}
              onClick={() => enter(s)}
            >
              {t('cohortTutor.sessions.join')}
            </button>
          ) : (
            !isOver(s, now) && (
              <span className="muted">
                {t('cohortTutor.sessions.joinOpens', { when: formatLagosTime(s.joinOpensAt) })}
              </span>
            )
          )}
          <button
            type="button"
            className="btn btn-outline"
            aria-label={t('cohortTutor.attendance.label', { title: s.title })}
            aria-expanded={sheet?.id === s.id}
            onClick={() => setSheet(sheet?.id === s.id ? null : s)}
          >
            {t('cohortTutor.sessions.attendance')}
          </button>
          {!isOver(s, now) && (
            <button
              type="button"
              className="btn btn-outline"
              aria-label={t('cohortTutor.session.changeLabel', { title: s.title })}
              aria-expanded={editing?.id === s.id}
              onClick={() => setEditing(editing?.id === s.id ? null : s)}
            >
              {t('cohortTutor.sessions.change')}
            </button>
          )}
          {!hasStarted(s, now) && (
            <button
              type="button"
              className="btn btn-outline"
              aria-label={t('cohortTutor.sessions.deleteLabel', { title: s.title })}
              onClick={() => setDeleting(s)}
            >
              {t('cohortTutor.sessions.delete')}
            </button>
          )}
          {isOver(s, now) && (
            <button
              type="button"
              className="btn btn-outline"
              aria-label={t('cohortTutor.sessions.attachLabel', { title: s.title })}
              onClick={() => setRecording(s)}
            >
              {s.recording ? t('cohortTutor.sessions.changeRecording') : t('cohortTutor.recording.attach')}
            </button>
          )}
        </div>
      ),
    },
  ];

  if (sessions.isError)
    return <LoadFailed message={t('cohortTutor.sessions.loadFailed')} onRetry={sessions.refetch} />;
  if (sessions.isPending) return <p className="page-loading">{t('common.loading')}</p>;
  return (
    <>
      {sessions.data.sessions.length === 0 ? (
        <p className="muted">{t('cohortTutor.sessions.none')}</p>
      ) : (
        <DataTable columns={columns} rows={sessions.data.sessions} rowKey={(s) => s.id} />
      )}
      {editing && (
        <SessionForm key={editing.id} cohortId={cohortId} editing={editing} onDone={() => setEditing(null)} />
      )}
      {deleting && <ConfirmDelete session={deleting} onClose={() => setDeleting(null)} />}
      {sheet && <AttendanceSheet key={sheet.id} session={sheet} onClose={() => setSheet(null)} />}
      {recording && <RecordingForm session={recording} onClose={() => setRecording(null)} />}
    </>
  );
}
