import { toast } from 'react-toastify';
import { refusalMessage } from '@/components/auth/auth-messages.ts';
import { useRevokeSession, useSessions } from '../api/security.ts';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-NG', { dateStyle: 'medium', timeStyle: 'short' });

/** The signed-in devices, with 'Sign out' per device and 'Sign out everywhere else'. */
export function SessionsSection() {
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const list = sessions.data?.sessions ?? [];
  const signOut = (id?: string) =>
    revoke.mutate(id, {
      onSuccess: (res) => toast.success(res.responseDto.message),
      onError: (err) => toast.error(refusalMessage(err)),
    });
  return (
    <section className="security-section" aria-labelledby="sessions-title">
      <h2 id="sessions-title">Where you're signed in</h2>
      {sessions.isPending && <p>Loading...</p>}
      {sessions.isError && <p>Could not load your devices.</p>}
      <ul className="session-list">
        {list.map((s) => (
          <li key={s.id} className="session-row">
            <div>
              <strong>{s.browser}</strong>
              {s.current && <span className="session-current"> · This device</span>}
              <div className="session-meta">
                {s.place} · first seen {when(s.firstSeen)} · last seen {when(s.lastSeen)}
              </div>
            </div>
            {!s.current && (
              <button
                type="button"
                className="btn btn-outline"
                disabled={revoke.isPending}
                onClick={() => signOut(s.id)}
              >
                Sign out
              </button>
            )}
          </li>
        ))}
      </ul>
      {list.some((s) => !s.current) && (
        <button type="button" className="btn" disabled={revoke.isPending} onClick={() => signOut()}>
          Sign out everywhere else
        </button>
      )}
    </section>
  );
}
