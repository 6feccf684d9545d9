import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from '@/components/Link.tsx';
import { toast } from 'react-toastify';
import { refusalMessage } from '@/components/auth/auth-messages.ts';
import { callOp } from '@/lib/api.ts';
import { useLogout } from '@/lib/session.ts';
import { dateFormat } from '@/lib/i18n/format.ts';
import { t as translate, useT } from '@/lib/i18n/index.ts';
import { downloadExport, securityKeys, useExports } from '../api/security.ts';

const STATUS: Record<string, string> = {
  queued: 'security.export.queued',
  ready: 'security.export.ready',
  failed: 'security.export.failed',
  expired: 'security.export.expired',
};

/** An export's time as `toLocaleString` writes it (numeric date and time). */
const ASKED_AT = {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
} as const;

/** NDPA 2023: a copy of my data, and deleting my account. */
export function DataRightsSection() {
  const t = useT();
  const qc = useQueryClient();
  const logout = useLogout();
  const exports = useExports();
  const [password, setPassword] = useState('');
  const ask = useMutation({
    mutationFn: () => callOp('accountExport', {}),
    onSuccess: () => {
      toast.success(t('security.exportRequested'));
      void qc.invalidateQueries({ queryKey: securityKeys.exports });
    },
    onError: (err) => toast.error(refusalMessage(err)),
  });
  const remove = useMutation({
    mutationFn: () => callOp('accountDelete', { password }),
    onSuccess: () => {
      toast.success(t('security.accountDeleted'));
      // As a logout: the session ends and this account's downloaded lessons leave the device.
      logout();
    },
    onError: (err) => toast.error(refusalMessage(err)),
  });
  return (
    <section className="security-section" aria-labelledby="data-title">
      <h2 id="data-title">{t('security.data.title')}</h2>
      <p>
        {t('security.data.intro')} <Link to="/privacy">{t('security.data.privacyLink')}</Link>
      </p>
      <button type="button" className="btn btn-outline" disabled={ask.isPending} onClick={() => ask.mutate()}>
        {t('security.data.export')}
      </button>
      <ul className="export-list">
        {(exports.data?.exports ?? []).map((e) => (
          <li key={e.id}>
            {t('security.export.asked', {
              date: dateFormat(ASKED_AT).format(new Date(e.requestedAt)),
            })}{' '}
            {STATUS[e.status] ? t(STATUS[e.status]!) : e.status}{' '}
            {e.status === 'ready' && (
              <button
                type="button"
                className="btn btn-small"
                onClick={() => downloadExport(e.id).catch((err: unknown) => toast.error(refusalMessage(err)))}
              >
                {t('security.download')}
              </button>
            )}
          </li>
        ))}
      </ul>
      <details className="delete-account">
        <summary>{t('security.delete.title')}</summary>
        <p>{t('security.delete.intro')}</p>
        <form
          className="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (window.confirm(translate('security.delete.confirm'))) remove.mutate();
          }}
        >
          <div className="field">
            <label htmlFor="delete-password">{t('security.delete.password')}</label>
            <input
              id="delete-password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </div>
          <button type="submit" className="btn btn-danger" disabled={remove.isPending || !password}>
            {t('security.delete.title')}
          </button>
        </form>
      </details>
    </section>
  );
}
