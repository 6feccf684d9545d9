import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { refusalMessage } from '@/components/auth/auth-messages.ts';
import { callOp } from '@/lib/api.ts';
import { useLogout } from '@/lib/session.ts';
import { downloadExport, securityKeys, useExports } from '../api/security.ts';

const STATUS: Record<string, string> = {
  queued: 'Being prepared…',
  ready: 'Ready',
  failed: 'Could not be made. Please ask again.',
  expired: 'Expired',
};

/** NDPA 2023: a copy of my data, and deleting my account. */
export function DataRightsSection() {
  const qc = useQueryClient();
  const logout = useLogout();
  const exports = useExports();
  const [password, setPassword] = useState('');
  const ask = useMutation({
    mutationFn: () => callOp('accountExport', {}),
    onSuccess: (res) => {
      toast.success(res.responseDto.message);
      void qc.invalidateQueries({ queryKey: securityKeys.exports });
    },
    onError: (err) => toast.error(refusalMessage(err)),
  });
  const remove = useMutation({
    mutationFn: () => callOp('accountDelete', { password }),
    onSuccess: (res) => {
      toast.success(res.responseDto.message);
      // As a logout: the session ends and this account's downloaded lessons leave the device.
      logout();
    },
    onError: (err) => toast.error(refusalMessage(err)),
  });
  return (
    <section className="security-section" aria-labelledby="data-title">
      <h2 id="data-title">Your data</h2>
      <p>
        Get a copy of everything we keep about you, as a zip of JSON files. We tell you here and by email when
        it is ready; you can download it for 7 days. <Link to="/privacy">What we keep and why</Link>
      </p>
      <button type="button" className="btn btn-outline" disabled={ask.isPending} onClick={() => ask.mutate()}>
        Export my data
      </button>
      <ul className="export-list">
        {(exports.data?.exports ?? []).map((e) => (
          <li key={e.id}>
            Asked {new Date(e.requestedAt).toLocaleString('en-NG')}: {STATUS[e.status]}{' '}
            {e.status === 'ready' && (
              <button
                type="button"
                className="btn btn-small"
                onClick={() => downloadExport(e.id).catch((err: unknown) => toast.error(refusalMessage(err)))}
              >
                Download
              </button>
            )}
          </li>
        ))}
      </ul>
      <details className="delete-account">
        <summary>Delete my account</summary>
        <p>
          This erases your personal data at once and cannot be undone. Orders stay for accounting without your
          name; your reviews and posts show 'Former student'; your certificates are revoked.
        </p>
        <form
          className="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (window.confirm('Delete your account and your personal data for good?')) remove.mutate();
          }}
        >
          <div className="field">
            <label htmlFor="delete-password">Your password</label>
            <input
              id="delete-password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </div>
          <button type="submit" className="btn btn-danger" disabled={remove.isPending || !password}>
            Delete my account
          </button>
        </form>
      </details>
    </section>
  );
}
