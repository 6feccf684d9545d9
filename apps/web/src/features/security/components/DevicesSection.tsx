import { toast } from 'react-toastify';
import { refusalMessage } from '@/components/auth/auth-messages.ts';
import { useDevices, useRemoveDevice } from '../api/security.ts';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-NG', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The devices that played or downloaded the account's videos (at most `maxDevices`), with 'Remove' per device:
 * a removed device is signed out, gets no video key again, and deletes its downloads when it next connects.
 */
export function DevicesSection() {
  const devices = useDevices();
  const remove = useRemoveDevice();
  const list = devices.data?.devices ?? [];
  return (
    <section className="security-section" aria-labelledby="devices-title">
      <h2 id="devices-title">Devices that play your videos</h2>
      {devices.data && (
        <p className="muted">
          {list.length} of {devices.data.maxDevices} devices. Downloads count too. Remove one you no longer
          use to watch on a new one.
        </p>
      )}
      {devices.isPending && <p>Loading...</p>}
      {devices.isError && <p>Could not load your devices.</p>}
      <ul className="session-list" aria-label="Devices">
        {list.map((d) => (
          <li key={d.id} className="session-row">
            <div>
              <strong>{d.name}</strong>
              {d.current && <span className="session-current"> · This device</span>}
              {d.watching && <span className="session-current"> · Watching now</span>}
              <div className="session-meta">
                added {when(d.createdAt)} · last used {when(d.lastSeenAt)}
              </div>
            </div>
            <button
              type="button"
              className="btn btn-outline"
              disabled={remove.isPending}
              aria-label={`Remove ${d.name}${d.current ? ' (this device)' : ''}`}
              onClick={() =>
                remove.mutate(d.id, {
                  onSuccess: (res) => toast.success(res.responseDto.message),
                  onError: (err) => toast.error(refusalMessage(err)),
                })
              }
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
