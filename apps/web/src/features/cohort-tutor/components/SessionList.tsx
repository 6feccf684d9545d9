import { useState } from 'react';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import type { ZLiveSessionDto } from '@app/contract/cohorts';
import { DataTable, type Column } from '@/components/DataTable.tsx';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { formatLagosTime, LAGOS_TIME } from '@/lib/dates.ts';
import { GENERIC_ERROR, refusalMessage } from '@/lib/messages.ts';
import { ConfirmDialog } from '@/components/ConfirmDialog.tsx';
import { FormAlert } from '@/components/form/FormAlert.tsx';
import { useCohortSessions, useDeleteSession, useJoinSession } from '../api/cohorts.ts';
import { AttendanceSheet } from './AttendanceSheet.tsx';
import { RecordingForm } from './RecordingForm.tsx';
import { PROVIDER_LABELS, SessionForm } from './SessionForm.tsx';

type TSession = z.infer<typeof ZLiveSessionDto>;

/** Whether joining is open at `now`: from 15 minutes before the start to the end. */
const joinOpen = (s: TSession, now: number) =>
  now >= Date.parse(s.joinOpensAt) && now < Date.parse(s.joinClosesAt);
const isOver = (s: TSession, now: number) => now >= Date.parse(s.joinClosesAt);
const hasStarted = (s: TSession, now: number) => now >= Date.parse(s.startsAt);

/** Asks before deleting a session that has not started: its members' reminders of it are not sent. */
function ConfirmDelete({ session, onClose }: { session: TSession; onClose: () => void }) {
  const remove = useDeleteSession();
  return (
    <ConfirmDialog
      title={`Delete ${session.title}?`}
      cancelLabel="Keep the session"
      confirmLabel="Delete session"
      pendingLabel="Deleting..."
      pending={remove.isPending}
      onClose={onClose}
      onConfirm={() =>
        remove.mutate(session.id, {
          onSuccess: () => {
            toast.success(`Live session ${session.title} deleted.`);
            onClose();
          },
        })
      }
    >
      <p>
        It starts {formatLagosTime(session.startsAt)}. It leaves the cohort's calendar, and its reminders are
        not sent. This cannot be undone.
      </p>
      <FormAlert message={remove.isError && refusalMessage(remove.error, GENERIC_ERROR)} />
    </ConfirmDialog>
  );
}

/**
 * The cohort's live sessions: join one as its moderator while joining is open, open its attendance sheet, and
 * attach its recording once it is over.
 */
export function SessionList({ cohortId }: { cohortId: number }) {
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
        toast.error(refusalMessage(err, GENERIC_ERROR));
      },
    });
  };

  const columns: Column<TSession>[] = [
    { head: 'Session', title: true, cell: (s) => s.title },
    { head: `Starts (${LAGOS_TIME})`, cell: (s) => formatLagosTime(s.startsAt) },
    { head: 'Duration', cell: (s) => `${s.durationMinutes} min` },
    { head: 'Meeting', cell: (s) => PROVIDER_LABELS[s.provider] },
    {
      head: 'Recording',
      cell: (s) =>
        s.recording ? (
          <a href={s.recording} target="_blank" rel="noopener noreferrer" className="cohort-recording">
            Recording
          </a>
        ) : (
          <span className="muted">None</span>
        ),
    },
    {
      head: 'Actions',
      cell: (s) => (
        <div className="row-actions">
          {joinOpen(s, now) ? (
            <button
              type="button"
              className="btn"
              aria-label={`Join ${s.title} as moderator`}
              disabled={join.isPending}
              onClick={() => enter(s)}
            >
              Join as moderator
            </button>
          ) : (
            !isOver(s, now) && <span className="muted">Join opens {formatLagosTime(s.joinOpensAt)}</span>
          )}
          <button
            type="button"
            className="btn btn-outline"
            aria-label={`Attendance of ${s.title}`}
            aria-expanded={sheet?.id === s.id}
            onClick={() => setSheet(sheet?.id === s.id ? null : s)}
          >
            Attendance
          </button>
          {!isOver(s, now) && (
            <button
              type="button"
              className="btn btn-outline"
              aria-label={`Change ${s.title}`}
              aria-expanded={editing?.id === s.id}
              onClick={() => setEditing(editing?.id === s.id ? null : s)}
            >
              Change
            </button>
          )}
          {!hasStarted(s, now) && (
            <button
              type="button"
              className="btn btn-outline"
              aria-label={`Delete ${s.title}`}
              onClick={() => setDeleting(s)}
            >
              Delete
            </button>
          )}
          {isOver(s, now) && (
            <button
              type="button"
              className="btn btn-outline"
              aria-label={`Attach the recording of ${s.title}`}
              onClick={() => setRecording(s)}
            >
              {s.recording ? 'Change recording' : 'Attach recording'}
            </button>
          )}
        </div>
      ),
    },
  ];

  if (sessions.isError)
    return <LoadFailed message="The live sessions could not be loaded." onRetry={sessions.refetch} />;
  if (sessions.isPending) return <p className="page-loading">Loading...</p>;
  return (
    <>
      {sessions.data.sessions.length === 0 ? (
        <p className="muted">No live sessions yet.</p>
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
