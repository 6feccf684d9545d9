import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { TWatermarkLookupResponse } from '@app/contract/protection';
import { callOp } from '@/lib/api.ts';
import { refusalMessage } from '@/components/auth/auth-messages.ts';
import { dateFormat } from '@/lib/i18n/format.ts';
import { useT } from '@/lib/i18n/index.ts';

const DATE_TIME = { dateStyle: 'medium', timeStyle: 'short' } as const;
/** A moment in the app's language (`en-NG` in English). */
const when = (iso: string | null) => (iso ? dateFormat(DATE_TIME, 'en-NG').format(new Date(iso)) : '—');

/**
 * `/admin/protection`: tracing a leak by the watermark's code, the accounts that played from too many networks in a
 * day, and how many lessons are encrypted (the upgrade's re-encryption).
 */
export function AdminProtection() {
  const t = useT();
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
      <h1>{t('adminProtection.title')}</h1>
      <section aria-labelledby="lookup-title">
        <h2 id="lookup-title">{t('adminProtection.lookup')}</h2>
        <form onSubmit={submit}>
          <label>
            {t('adminProtection.code')}{' '}
            <input value={code} onChange={(e) => setCode(e.target.value)} maxLength={20} autoComplete="off" />
          </label>{' '}
          <button type="submit" className="btn" disabled={lookup.isPending}>
            {t('adminProtection.find')}
          </button>
        </form>
        {lookup.isError && <p role="alert">{refusalMessage(lookup.error)}</p>}
        {found && (
          <dl aria-label={t('adminProtection.viewer')}>
            <dt>{t('adminProtection.account')}</dt>
            <dd>{found.email ? `${found.fullName ?? ''} (${found.email})` : t('adminProtection.guest')}</dd>
            <dt>{t('adminProtection.device')}</dt>
            <dd>{found.deviceName ?? '—'}</dd>
            <dt>{t('adminProtection.lesson')}</dt>
            <dd>
              {found.courseTitle} · {found.lessonTitle}
            </dd>
            <dt>{t('adminProtection.watched')}</dt>
            <dd>
              {t('adminProtection.watchedWhen', {
                start: when(found.startedAt),
                end: when(found.endedAt ?? found.lastBeatAt),
                network: found.network ?? '—',
              })}
            </dd>
            {found.tamperedAt && (
              <>
                <dt>{t('adminProtection.tampered')}</dt>
                <dd>{when(found.tamperedAt)}</dd>
              </>
            )}
          </dl>
        )}
      </section>
      <section aria-labelledby="sharing-title">
        <h2 id="sharing-title">{t('adminProtection.sharing')}</h2>
        {sharing.data && (
          <p className="muted">{t('adminProtection.sharingIntro', { limit: sharing.data.limit })}</p>
        )}
        {sharing.data?.rows.length === 0 && <p>{t('adminProtection.noneFlagged')}</p>}
        {!!sharing.data?.rows.length && (
          <table>
            <thead>
              <tr>
                <th>{t('adminProtection.account')}</th>
                <th>{t('adminProtection.day')}</th>
                <th>{t('adminProtection.networks')}</th>
                <th>{t('adminProtection.plays')}</th>
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
        <h2 id="encryption-title">{t('adminProtection.encryption')}</h2>
        {progress.data && (
          <p>
            {progress.data.plain > 0
              ? t('adminProtection.encryptedBusy', {
                  encrypted: progress.data.encrypted,
                  total: progress.data.total,
                  plain: progress.data.plain,
                })
              : t('adminProtection.encrypted', {
                  encrypted: progress.data.encrypted,
                  total: progress.data.total,
                })}
          </p>
        )}
      </section>
    </div>
  );
}
