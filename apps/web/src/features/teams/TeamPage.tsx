import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { ZEmail } from '@app/contract/accounts';
import { ZText } from '@app/contract/common';
import { fillPath, PLAIN_ROUTES } from '@app/contract/operation-routes';
import {
  TEAM_REASSIGN_MAX_PERCENT,
  type TTeamImportResponse,
  type TTeamMember,
  type TTeamView,
} from '@app/contract/teams';
import { ConfirmDialog } from '@/components/ConfirmDialog.tsx';
import { DataTable } from '@/components/DataTable.tsx';
import { FormAlert } from '@/components/form/FormAlert.tsx';
import { TextField } from '@/components/form/FormField.tsx';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { downloadWithKey, saveBlob } from '@/lib/download.ts';
import { formatNaira } from '@/lib/money.ts';
import { GENERIC_ERROR, refusalMessage } from '@/lib/messages.ts';
import {
  useImportMembers,
  useInviteMember,
  useMyTeam,
  useReassignSeat,
  useRemoveMember,
  useTeam,
} from './api/teams.ts';
import { teamReportCsv } from './team-csv.ts';
import './teams.css';

const STATUS_WORDS: Record<TTeamMember['status'], string> = {
  invited: 'Invited',
  active: 'Joined',
  removed: 'Removed',
};

/**
 * `/home/team`: the team admin's dashboard (docs/payments.md, "Team seats"): seats by course, invites by email and
 * CSV, the members with their progress, quiz results and certificates, reassigning and removing, the CSV export and
 * the invoices.
 */
export function TeamPage() {
  const mine = useMyTeam();
  const teamId = mine.data?.team?.id ?? null;
  const team = useTeam(teamId);
  if (mine.isError)
    return <LoadFailed page message="Your team could not be loaded." onRetry={() => void mine.refetch()} />;
  if (mine.isPending) return <p className="page-loading">Loading...</p>;
  if (!mine.data.team) {
    return (
      <section className="team-page">
        <h1>My team</h1>
        <p>
          You have no team yet. Open a course and choose <strong>Buy for my team</strong> to buy seats for
          your people, invoiced to your company.
        </p>
        <Link to="/" className="btn">
          Browse courses
        </Link>
      </section>
    );
  }
  if (team.isError)
    return <LoadFailed page message="Your team could not be loaded." onRetry={() => void team.refetch()} />;
  if (team.isPending) return <p className="page-loading">Loading...</p>;
  return <TeamDashboard team={team.data.team} />;
}

function TeamDashboard({ team }: { team: TTeamView }) {
  const exportCsv = () =>
    saveBlob(
      new Blob([teamReportCsv(team)], { type: 'text/csv;charset=utf-8' }),
      `team-${team.companyName.replace(/[^A-Za-z0-9]+/g, '-').toLowerCase()}.csv`,
    );
  return (
    <section className="team-page">
      <h1>{team.companyName}</h1>
      <ul className="team-seats">
        {team.courses.map((c) => (
          <li key={c.courseId}>
            <strong>{c.title}</strong>
            <span>
              {c.seats} seats · {c.used} used · {c.free} free
            </span>
          </li>
        ))}
      </ul>
      {team.courses.length === 0 && <p>Your seats appear here once their payment arrives.</p>}
      <div className="team-panels">
        <InviteForm teamId={team.id} />
        <CsvImport teamId={team.id} />
      </div>
      <div className="team-heading">
        <h2>Members</h2>
        <button type="button" className="btn btn-outline" onClick={exportCsv} disabled={!team.members.length}>
          Export CSV
        </button>
      </div>
      <p className="muted">
        A seat can be given to someone else while its member has watched under {TEAM_REASSIGN_MAX_PERCENT}% of
        the course.
      </p>
      {team.members.length === 0 ? <p>Nobody is invited yet.</p> : <Members team={team} />}
      <h2>Invoices</h2>
      <ul className="team-invoices">
        {team.orders.map((o) => (
          <li key={o.reference}>
            <span>
              {o.seats} seats · {formatNaira(o.amount)} · {o.status === 'paid' ? 'Paid' : o.status}
            </span>
            <InvoiceButton reference={o.reference} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function InvoiceButton({ reference }: { reference: string }) {
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      await downloadWithKey(
        fillPath(PLAIN_ROUTES.orderReceipt.path, { reference }),
        `invoice-${reference}.pdf`,
      );
    } catch (err) {
      toast.error(refusalMessage(err, 'The invoice could not be downloaded. Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="btn btn-outline" onClick={() => void onClick()} disabled={busy}>
      {busy ? 'Downloading...' : 'Download invoice'}
    </button>
  );
}

const ZInvite = z.object({ email: ZEmail, name: ZText('Name', 100) });
type InviteValues = z.input<typeof ZInvite>;

function InviteForm({ teamId }: { teamId: number }) {
  const invite = useInviteMember();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<InviteValues>({ resolver: zodResolver(ZInvite), defaultValues: { email: '', name: '' } });
  return (
    <form
      className="form team-panel"
      noValidate
      onSubmit={handleSubmit(async (v) => {
        setError(null);
        try {
          const res = await invite.mutateAsync({ teamId, ...v });
          toast.success(res.responseDto.message);
          reset();
        } catch (err) {
          setError(refusalMessage(err, GENERIC_ERROR));
        }
      })}
    >
      <h2>Invite by email</h2>
      <TextField
        id="team-invite-name"
        label="Name"
        autoComplete="off"
        error={errors.name?.message}
        {...register('name')}
      />
      <TextField
        id="team-invite-email"
        label="Email"
        type="email"
        autoComplete="off"
        error={errors.email?.message}
        {...register('email')}
      />
      <FormAlert message={error} />
      <button type="submit" className="btn" disabled={isSubmitting}>
        {isSubmitting ? 'Sending...' : 'Send invite'}
      </button>
    </form>
  );
}

function CsvImport({ teamId }: { teamId: number }) {
  const id = useId();
  const importMembers = useImportMembers();
  const [result, setResult] = useState<TTeamImportResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    setResult(null);
    try {
      setResult(await importMembers.mutateAsync({ teamId, csv: await file.text() }));
    } catch (err) {
      setError(refusalMessage(err, GENERIC_ERROR));
    }
  };
  return (
    <div className="team-panel">
      <h2>Invite from a CSV file</h2>
      <p className="muted">One person per line: email, then name. A header line is fine.</p>
      <div className="field">
        <label htmlFor={`${id}-file`}>CSV file</label>
        <input
          id={`${id}-file`}
          type="file"
          accept=".csv,text/csv"
          disabled={importMembers.isPending}
          onChange={(e) => {
            void onFile(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </div>
      <FormAlert message={error} />
      {result && (
        <div role="status" className="team-import-result">
          <p>
            {result.invited} {result.invited === 1 ? 'person' : 'people'} invited.
            {result.errors.length > 0 &&
              ` ${result.errors.length} ${result.errors.length === 1 ? 'line was' : 'lines were'} left out:`}
          </p>
          {result.errors.length > 0 && (
            <ul className="team-import-errors">
              {result.errors.map((e) => (
                <li key={`${e.line}-${e.message}`}>
                  Line {e.line}: {e.message}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}

function Members({ team }: { team: TTeamView }) {
  const [removing, setRemoving] = useState<TTeamMember | null>(null);
  const remove = useRemoveMember();
  const title = new Map(team.courses.map((c) => [c.courseId, c.title]));
  return (
    <>
      <DataTable
        rows={team.members}
        rowKey={(m) => m.id}
        columns={[
          {
            head: 'Member',
            title: true,
            cell: (m) => (
              <>
                <strong>{m.name}</strong> <span className="team-email">{m.email}</span>
              </>
            ),
          },
          { head: 'Status', cell: (m) => STATUS_WORDS[m.status] },
          {
            head: 'Progress',
            cell: (m) =>
              m.seats.length === 0 ? (
                <span className="muted">{m.status === 'invited' ? 'Not joined yet' : 'No seat'}</span>
              ) : (
                <ul className="team-progress">
                  {m.seats.map((s) => (
                    <li key={s.seatId}>
                      <span>{title.get(s.courseId)}</span>: {s.watchedPercent}% watched · quizzes{' '}
                      {s.quizzesPassed}/{s.quizzes} passed
                      {s.quizResults.length > 0 &&
                        ` (${s.quizResults.map((q) => `${q.title}: ${q.bestPercent}%`).join(', ')})`}
                      {s.certificateCode && (
                        <>
                          {' · '}
                          <Link to={`/certificate/${s.certificateCode}`}>Certificate</Link>
                        </>
                      )}
                    </li>
                  ))}
                </ul>
              ),
          },
          {
            head: 'Actions',
            cell: (m) => (
              <div className="team-actions">
                <SeatActions team={team} member={m} />
                {m.status !== 'removed' && (
                  <button type="button" className="btn btn-outline" onClick={() => setRemoving(m)}>
                    {m.status === 'invited' ? 'Withdraw invite' : 'Remove'}
                  </button>
                )}
              </div>
            ),
          },
        ]}
      />
      {removing && (
        <ConfirmDialog
          title={`Remove ${removing.name}?`}
          confirmLabel="Remove"
          pendingLabel="Removing..."
          pending={remove.isPending}
          onClose={() => setRemoving(null)}
          onConfirm={() =>
            remove.mutate(
              { teamId: team.id, memberId: removing.id },
              {
                onSuccess: () => {
                  toast.success(`${removing.name} was removed from the team.`);
                  setRemoving(null);
                },
                onError: (err) => toast.error(refusalMessage(err, GENERIC_ERROR)),
              },
            )
          }
        >
          <p>
            They lose the courses their seats gave. A seat they watched under {TEAM_REASSIGN_MAX_PERCENT}% of
            comes back to the team.
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}

/** A joined member's seats: each may go to another joined member (or be freed) under 10 % watched; a free seat of a
 * course they lack may be given to them. */
function SeatActions({ team, member }: { team: TTeamView; member: TTeamMember }) {
  const reassign = useReassignSeat();
  const [target, setTarget] = useState<Record<number, string>>({});
  if (member.status !== 'active') return null;
  const run = (seatId: number, memberId: number | null, done: string) =>
    reassign.mutate(
      { teamId: team.id, seatId, memberId },
      {
        onSuccess: () => toast.success(done),
        onError: (err) => toast.error(refusalMessage(err, GENERIC_ERROR)),
      },
    );
  const candidates = (courseId: number) =>
    team.members.filter(
      (o) => o.status === 'active' && o.id !== member.id && !o.seats.some((s) => s.courseId === courseId),
    );
  return (
    <>
      {member.seats
        .filter((s) => s.canReassign)
        .map((s) => {
          const course = team.courses.find((c) => c.courseId === s.courseId)?.title ?? '';
          const value = target[s.seatId] ?? 'free';
          return (
            <div key={s.seatId} className="team-reassign">
              <label htmlFor={`reassign-${s.seatId}`}>Seat of {course} goes to</label>
              <select
                id={`reassign-${s.seatId}`}
                value={value}
                onChange={(e) => setTarget({ ...target, [s.seatId]: e.target.value })}
              >
                <option value="free">Nobody (free the seat)</option>
                {candidates(s.courseId).map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.name}
                  </option>
                ))}
              </select>
              <button
                type="button"
                className="btn btn-outline"
                disabled={reassign.isPending}
                onClick={() =>
                  run(
                    s.seatId,
                    value === 'free' ? null : Number(value),
                    value === 'free' ? 'The seat is free again.' : 'The seat was reassigned.',
                  )
                }
              >
                Reassign
              </button>
            </div>
          );
        })}
      {team.courses
        .filter((c) => c.freeSeatId !== null && !member.seats.some((s) => s.courseId === c.courseId))
        .map((c) => (
          <button
            key={c.courseId}
            type="button"
            className="btn btn-outline"
            disabled={reassign.isPending}
            onClick={() => run(c.freeSeatId!, member.id, `${member.name} has a seat of ${c.title} now.`)}
          >
            Give a seat of {c.title}
          </button>
        ))}
    </>
  );
}
