import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { TWatermarkLookupResponse } from '@app/contract/protection';
import { callOp } from '@/lib/api.ts';
import { refusalMessage } from '@/components/auth/auth-messages.ts';

const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('en-NG', { dateStyle: 'medium', timeStyle: 'short' }) : '—';

/**
 * `/admin/protection`: tracing a leak by the watermark's code, the accounts that played from too many networks in a
 * day, and how many lessons are encrypted (the upgrade's re-encryption).
 */
export function AdminProtection() {
  const [code, setCode] = useState('');
  const lookup = useMutation({ mutationFn: (c: string) => callOp('watermarkLookup', { code: c }) });
  const sharing = useQuery({
    queryKey: ['admin', 'sharing'],
    queryFn: () => callOp('sharingReport', { days: 7 }),
  });
  const progress = useQuery({
    queryKey: ['admin', 'encryption'],
    queryFn: () => callOp('encryptionProgress', {}),
    refetchInterval: (q) => (q.state.data && q.state.data.plain > 0 ? 5000 : false),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (code.trim()) lookup.mutate(code.trim());
  };
  const found: TWatermarkLookupResponse['stream'] | undefined = lookup.data?.stream;
  return (
    <div className="admin-protection">
      <h1>Video protection</h1>
      <section aria-labelledby="lookup-title">
        <h2 id="lookup-title">Find a viewer by watermark code</h2>
        <form onSubmit={submit}>
          <label>
            Code seen in the recording{' '}
            <input value={code} onChange={(e) => setCode(e.target.value)} maxLength={20} autoComplete="off" />
          </label>{' '}
          <button type="submit" className="btn" disabled={lookup.isPending}>
            Find
          </button>
        </form>
        {lookup.isError && <p role="alert">{refusalMessage(lookup.error)}</p>}
        {found && (
          <dl aria-label="Viewer">
            <dt>Account</dt>
            <dd>{found.email ? `${found.fullName ?? ''} (${found.email})` : 'A guest (free preview)'}</dd>
            <dt>Device</dt>
            <dd>{found.deviceName ?? '—'}</dd>
            <dt>Lesson</dt>
            <dd>
              {found.courseTitle} · {found.lessonTitle}
            </dd>
            <dt>Watched</dt>
            <dd>
              {when(found.startedAt)} to {when(found.endedAt ?? found.lastBeatAt)} · network{' '}
              {found.network ?? '—'}
            </dd>
            {found.tamperedAt && (
              <>
                <dt>Watermark removed</dt>
                <dd>{when(found.tamperedAt)}</dd>
              </>
            )}
          </dl>
        )}
      </section>
      <section aria-labelledby="sharing-title">
        <h2 id="sharing-title">Possible shared accounts (last 7 days)</h2>
        {sharing.data && (
          <p className="muted">
            Accounts that played from more than {sharing.data.limit} networks in one day.
          </p>
        )}
        {sharing.data?.rows.length === 0 && <p>No account was flagged.</p>}
        {!!sharing.data?.rows.length && (
          <table>
            <thead>
              <tr>
                <th>Account</th>
                <th>Day</th>
                <th>Networks</th>
                <th>Plays</th>
              </tr>
            </thead>
            <tbody>
              {sharing.data.rows.map((r) => (
                <tr key={`${r.accountId}-${r.day}`}>
                  <td>
                    {r.fullName} ({r.email})
                  </td>
                  <td>{r.day}</td>
                  <td>{r.networks}</td>
                  <td>{r.streams}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section aria-labelledby="encryption-title">
        <h2 id="encryption-title">Encrypted lessons</h2>
        {progress.data && (
          <p>
            {progress.data.encrypted} of {progress.data.total} lesson videos encrypted
            {progress.data.plain > 0 ? ` · ${progress.data.plain} being re-encrypted` : ''}.
          </p>
        )}
      </section>
    </div>
  );
}
