import { toast } from 'react-toastify';
import { refusalMessage } from '@/components/auth/auth-messages.ts';
import { dateFormat } from '@/lib/i18n/format.ts';
import { useT } from '@/lib/i18n/index.ts';
import { useRevokeSession, useSessions } from '../api/security.ts';

const when = (iso: string) => dateFormat({ dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** The signed-in devices, with 'Sign out' per device and 'Sign out everywhere else'. */
export function SessionsSection() {
  const t = useT();
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const list = sessions.data?.sessions ?? [];
  const signOut = (id?: string) =>
    revoke.mutate(id, {
      onSuccess: (res) =>
        toast.success(
          id
            ? t('security.sessions.signedOutOne')
            : t('security.sessions.signedOutOthers', { count: res.revoked }),
        ),
      onError: (err) => toast.error(refusalMessage(err)),
    });
  return (
    <section className="security-section" aria-labelledby="sessions-title">
      <h2 id="sessions-title">{t('security.sessions.title')}</h2>
      {sessions.isPending && <p>{t('common.loading')}</p>}
      {sessions.isError && <p>{t('security.devicesFailed')}</p>}
      <ul className="session-list">
        {list.map((s) => (
          <li key={s.id} className="session-row">
            <div>
              <strong>{s.browser}</strong>
              {s.current && <span className="session-current"> · {t('security.thisDevice')}</span>}
              <div className="session-meta">
                {s.place} ·{' '}
                {t('security.sessions.meta', { first: when(s.firstSeen), last: when(s.lastSeen) })}
              </div>
            </div>
            {!s.current && (
              <button
                type="button"
                className="btn btn-outline"
                disabled={revoke.isPending}
                onClick={() => signOut(s.id)}
              >
                {t('security.sessions.signOut')}
              </button>
            )}
          </li>
        ))}
      </ul>
      {list.some((s) => !s.current) && (
        <button type="button" className="btn" disabled={revoke.isPending} onClick={() => signOut()}>
          {t('security.sessions.signOutOthers')}
        </button>
      )}
    </section>
  );
}
