import { toast } from 'react-toastify';
import { refusalMessage } from '@/components/auth/auth-messages.ts';
import { dateFormat } from '@/lib/i18n/format.ts';
import { useT } from '@/lib/i18n/index.ts';
import { useDevices, useRemoveDevice } from '../api/security.ts';

const when = (iso: string) => dateFormat({ dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/**
 * The devices that played or downloaded the account's videos (at most `maxDevices`), with 'Remove' per device:
 * a removed device is signed out, gets no video key again, and deletes its downloads when it next connects.
 */
export function DevicesSection() {
  const t = useT();
  const devices = useDevices();
  const remove = useRemoveDevice();
  const list = devices.data?.devices ?? [];
  return (
    <section className="security-section" aria-labelledby="devices-title">
      <h2 id="devices-title">{t('security.devices.title')}</h2>
      {devices.data && (
        <p className="muted">
          {t('security.devices.count', { count: list.length, max: devices.data.maxDevices })}
        </p>
      )}
      {devices.isPending && <p>{t('common.loading')}</p>}
      {devices.isError && <p>{t('security.devicesFailed')}</p>}
      <ul className="session-list" aria-label={t('security.devices.label')}>
        {list.map((d) => (
          <li key={d.id} className="session-row">
            <div>
              <strong>{d.name}</strong>
              {d.current && <span className="session-current"> · {t('security.thisDevice')}</span>}
              {d.watching && <span className="session-current"> · {t('security.devices.watching')}</span>}
              <div className="session-meta">
                {t('security.devices.meta', { added: when(d.createdAt), used: when(d.lastSeenAt) })}
              </div>
            </div>
            <button
              type="button"
              className="btn btn-outline"
              disabled={remove.isPending}
              aria-label={
                d.current
                  ? t('security.devices.removeCurrentLabel', { name: d.name })
                  : t('security.devices.removeLabel', { name: d.name })
              }
              onClick={() =>
                remove.mutate(d.id, {
                  onSuccess: () => toast.success(t('security.devices.removed')),
                  onError: (err) => toast.error(refusalMessage(err)),
                })
              }
            >
              {t('security.remove')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
