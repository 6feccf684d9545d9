import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '@/components/Link.tsx';
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
import { genericError, refusalMessage } from '@/lib/messages.ts';
import {
  useImportMembers,
  useInviteMember,
  useMyTeam,
  useReassignSeat,
  useRemoveMember,
  useTeam,
} from './api/teams.ts';
import { teamReportCsv } from './team-csv.ts';
import { t as translate, useT } from '@/lib/i18n/index.ts';
import { rich, slot } from '@/components/cart/rich-text.tsx';
import './teams.css';
import { translateRefusal } from '@/lib/i18n/refusals.ts';

/** A member's status: its catalog key. */
const STATUS_WORDS: Record<TTeamMember['status'], string> = {
  invited: 'teams.status.invited',
  active: 'teams.status.active',
  removed: 'teams.status.removed',
};

/**
 * `/home/team`: the team admin's dashboard (docs/payments.md, "Team seats"): seats by course, invites by email and
 * CSV, the members with their progress, quiz results and certificates, reassigning and removing, the CSV export and
 * the invoices.
 */
export function TeamPage() {
  const t = useT();
  const mine = useMyTeam();
  const teamId = mine.data?.team?.id ?? null;
  const team = useTeam(teamId);
  if (mine.isError)
    return <LoadFailed page message={t('teams.loadFailed')} onRetry={() => void mine.refetch()} />;
  if (mine.isPending) return <p className="page-loading">{t('common.loading')}</p>;
  if (!mine.data.team) {
    return (
      <section className="team-page">
        <h1>{t('teams.title')}</h1>
        <p>
          {rich(t('teams.none', { action: slot('action') }), {
            action: <strong>{t('cartPanel.teamToggle')}</strong>,
          })}
        </p>
        <Link to="/" className="btn">
          {t('empty.browseCourses')}
        </Link>
      </section>
    );
  }
  if (team.isError)
    return <LoadFailed page message={t('teams.loadFailed')} onRetry={() => void team.refetch()} />;
  if (team.isPending) return <p className="page-loading">{t('common.loading')}</p>;
  return <TeamDashboard team={team.data.team} />;
}

function TeamDashboard({ team }: { team: TTeamView }) {
  const t = useT();
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
            <span>{t('teams.seatsLine', { seats: c.seats, used: c.used, free: c.free })}</span>
          </li>
        ))}
      </ul>
      {team.courses.length === 0 && <p>{t('teams.seatsPending')}</p>}
      <div className="team-panels">
        <InviteForm teamId={team.id} />
        <CsvImport teamId={team.id} />
      </div>
      <div className="team-heading">
        <h2>{t('teams.members')}</h2>
        <button type="button" className="btn btn-outline" onClick={exportCsv} disabled={!team.members.length}>
          {t('teams.exportCsv')}
        </button>
      </div>
      <p className="muted">{t('teams.reassignRule', { percent: TEAM_REASSIGN_MAX_PERCENT })}</p>
      {team.members.length === 0 ? <p>{t('teams.noMembers')}</p> : <Members team={team} />}
      <h2>{t('teams.invoices')}</h2>
      <ul className="team-invoices">
        {team.orders.map((o) => (
          <li key={o.reference}>
            <span>
              {t('teams.invoiceLine', {
                seats: o.seats,
                amount: formatNaira(o.amount),
                status: o.status === 'paid' ? t('teams.invoicePaid') : o.status,
              })}
            </span>
            <InvoiceButton reference={o.reference} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function InvoiceButton({ reference }: { reference: string }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      await downloadWithKey(
        fillPath(PLAIN_ROUTES.orderReceipt.path, { reference }),
        `invoice-${reference}.pdf`,
      );
    } catch (err) {
      toast.error(refusalMessage(err, t('teams.invoiceFailed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="btn btn-outline" onClick={() => void onClick()} disabled={busy}>
      {busy ? t('teams.downloading') : t('teams.downloadInvoice')}
    </button>
  );
}

const ZInvite = z.object({ email: ZEmail, name: ZText('Name', 100) });
type InviteValues = z.input<typeof ZInvite>;

function InviteForm({ teamId }: { teamId: number }) {
  const t = useT();
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
          await invite.mutateAsync({ teamId, ...v });
          toast.success(t('teams.inviteSent', { email: v.email.trim().toLowerCase() }));
          reset();
        } catch (err) {
          setError(refusalMessage(err, genericError()));
        }
      })}
    >
      <h2>{t('teams.inviteTitle')}</h2>
      <TextField
        id="team-invite-name"
        label={t('teams.inviteName')}
        autoComplete="off"
        error={errors.name?.message}
        {...register('name')}
      />
      <TextField
        id="team-invite-email"
        label={t('teams.inviteEmail')}
        type="email"
        autoComplete="off"
        error={errors.email?.message}
        {...register('email')}
      />
      <FormAlert message={error} />
      <button type="submit" className="btn" disabled={isSubmitting}>
        {isSubmitting ? t('common.sending') : t('teams.sendInvite')}
      </button>
    </form>
  );
}

function CsvImport({ teamId }: { teamId: number }) {
  const t = useT();
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
      setError(refusalMessage(err, genericError()));
    }
  };
  return (
    <div className="team-panel">
      <h2>{t('teams.csvTitle')}</h2>
      <p className="muted">{t('teams.csvHint')}</p>
      <div className="field">
        <label htmlFor={`${id}-file`}>{t('teams.csvFile')}</label>
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
            {t('teams.csvInvited', { count: result.invited })}
            {result.errors.length > 0 && ` ${t('teams.csvLeftOut', { count: result.errors.length })}`}
          </p>
          {result.errors.length > 0 && (
            <ul className="team-import-errors">
              {result.errors.map((e) => (
                <li key={`${e.line}-${e.message}`}>
                  {t('teams.csvLine', { line: e.line, message: translateRefusal(e.message) })}
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
  const t = useT();
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
            head: t('teams.col.member'),
            title: true,
            cell: (m) => (
              <>
                <strong>{m.name}</strong> <span className="team-email">{m.email}</span>
              </>
            ),
          },
          { head: t('teams.col.status'), cell: (m) => t(STATUS_WORDS[m.status]) },
          {
            head: t('teams.col.progress'),
            cell: (m) =>
              m.seats.length === 0 ? (
                <span className="muted">
                  {m.status === 'invited' ? t('teams.notJoined') : t('teams.noSeat')}
                </span>
              ) : (
                <ul className="team-progress">
                  {m.seats.map((s) => (
                    <li key={s.seatId}>
                      {rich(
                        t('teams.progress', {
                          course: slot('course'),
                          watched: s.watchedPercent,
                          passed: s.quizzesPassed,
                          quizzes: s.quizzes,
                        }),
                        { course: <span>{title.get(s.courseId)}</span> },
                      )}
                      {s.quizResults.length > 0 &&
                        ` (${s.quizResults.map((q) => `${q.title}: ${q.bestPercent}%`).join(', ')})`}
                      {s.certificateCode && (
                        <>
                          {' · '}
                          <Link to={`/certificate/${s.certificateCode}`}>{t('teams.certificate')}</Link>
                        </>
                      )}
                    </li>
                  ))}
                </ul>
              ),
          },
          {
            head: t('teams.col.actions'),
            cell: (m) => (
              <div className="team-actions">
                <SeatActions team={team} member={m} />
                {m.status !== 'removed' && (
                  <button type="button" className="btn btn-outline" onClick={() => setRemoving(m)}>
                    {m.status === 'invited' ? t('teams.withdraw') : t('teams.remove')}
                  </button>
                )}
              </div>
            ),
          },
        ]}
      />
      {removing && (
        <ConfirmDialog
          title={t('teams.removeTitle', { name: removing.name })}
          confirmLabel={t('teams.remove')}
          pendingLabel={t('teams.removing')}
          pending={remove.isPending}
          onClose={() => setRemoving(null)}
          onConfirm={() =>
            remove.mutate(
              { teamId: team.id, memberId: removing.id },
              {
                onSuccess: () => {
                  toast.success(translate('teams.removed', { name: removing.name }));
                  setRemoving(null);
                },
                onError: (err) => toast.error(refusalMessage(err, genericError())),
              },
            )
          }
        >
          <p>{t('teams.removeText', { percent: TEAM_REASSIGN_MAX_PERCENT })}</p>
        </ConfirmDialog>
      )}
    </>
  );
}

/** A joined member's seats: each may go to another joined member (or be freed) under 10 % watched; a free seat of a
 * course they lack may be given to them. */
function SeatActions({ team, member }: { team: TTeamView; member: TTeamMember }) {
  const t = useT();
  const reassign = useReassignSeat();
  const [target, setTarget] = useState<Record<number, string>>({});
  if (member.status !== 'active') return null;
  const run = (seatId: number, memberId: number | null, done: string) =>
    reassign.mutate(
      { teamId: team.id, seatId, memberId },
      {
        onSuccess: () => toast.success(done),
        onError: (err) => toast.error(refusalMessage(err, genericError())),
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
              <label htmlFor={`reassign-${s.seatId}`}>{t('teams.reassignLabel', { course })}</label>
              <select
                id={`reassign-${s.seatId}`}
                value={value}
                onChange={(e) => setTarget({ ...target, [s.seatId]: e.target.value })}
              >
                <option value="free">{t('teams.reassignNobody')}</option>
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
                    value === 'free' ? t('teams.seatFreed') : t('teams.seatReassigned'),
                  )
                }
              >
                {t('teams.reassign')}
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
            onClick={() =>
              run(c.freeSeatId!, member.id, t('teams.seatGiven', { name: member.name, course: c.title }))
            }
          >
            {t('teams.giveSeat', { course: c.title })}
          </button>
        ))}
    </>
  );
}
