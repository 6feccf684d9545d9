import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import type { TTwoFactorSetupResponse } from '@app/contract/security';
import { refusalMessage } from '@/components/auth/auth-messages.ts';
import { callOp } from '@/lib/api.ts';
import { securityKeys, useTwoFactorStatus } from '../api/security.ts';

/** Recovery codes, shown once, with copy and download. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = codes.join('\n');
  const download = () => {
    const url = URL.createObjectURL(
      new Blob([`DevLearn recovery codes\n\n${text}\n`], { type: 'text/plain' }),
    );
    const a = document.createElement('a');
    a.href = url;
    a.download = 'devlearn-recovery-codes.txt';
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="recovery-codes">
      <p>
        <strong>Save your recovery codes.</strong> Each one signs you in once if you lose your phone. They are
        shown only now.
      </p>
      <ul aria-label="Recovery codes">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ul>
      <div className="security-actions">
        <button
          type="button"
          className="btn btn-outline"
          onClick={() => void navigator.clipboard?.writeText(text).then(() => toast.success('Copied'))}
        >
          Copy
        </button>
        <button type="button" className="btn btn-outline" onClick={download}>
          Download
        </button>
        <button type="button" className="btn" onClick={onDone}>
          I have saved them
        </button>
      </div>
    </div>
  );
}

/** Password and code: turning it off, or new recovery codes. */
function ConfirmForm({
  label,
  onSubmit,
  busy,
}: {
  label: string;
  busy: boolean;
  onSubmit: (v: { password: string; code: string }) => void;
}) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit({ password, code: code.trim() });
  };
  const id = label.toLowerCase().replace(/\W+/g, '-');
  return (
    <form className="form security-confirm" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={`${id}-password`}>Password</label>
        <input
          id={`${id}-password`}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-code`}>Code from your app (or a recovery code)</label>
        <input
          id={`${id}-code`}
          autoComplete="one-time-code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
      </div>
      <button type="submit" className="btn" disabled={busy || !password || !code.trim()}>
        {label}
      </button>
    </form>
  );
}

/** Two-factor sign-in (tutors and admins): the enrolment with the QR code, then turning it off or new codes. */
export function TwoFactorSection({ prompt }: { prompt: string | null }) {
  const qc = useQueryClient();
  const status = useTwoFactorStatus();
  const [setup, setSetup] = useState<TTwoFactorSetupResponse | null>(null);
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: securityKeys.twoFactor });
  const fail = (err: unknown) => toast.error(refusalMessage(err));
  const start = useMutation({
    mutationFn: () => callOp('twoFactorSetup', {}),
    onSuccess: setSetup,
    onError: fail,
  });
  const enable = useMutation({
    mutationFn: () => callOp('twoFactorEnable', { code: code.trim() }),
    onSuccess: (res) => {
      setCodes(res.recoveryCodes);
      setSetup(null);
      setCode('');
      toast.success(res.responseDto.message);
      void refresh();
    },
    onError: fail,
  });
  const disable = useMutation({
    mutationFn: (v: { password: string; code: string }) => callOp('twoFactorDisable', v),
    onSuccess: (res) => {
      toast.success(res.responseDto.message);
      void refresh();
    },
    onError: fail,
  });
  const renew = useMutation({
    mutationFn: (v: { password: string; code: string }) => callOp('twoFactorRecoveryCodes', v),
    onSuccess: (res) => {
      setCodes(res.recoveryCodes);
      void refresh();
    },
    onError: fail,
  });

  if (codes)
    return (
      <section className="security-section">
        <h2>Two-factor sign-in</h2>
        <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
      </section>
    );
  const s = status.data;
  return (
    <section className="security-section" aria-labelledby="two-factor-title">
      <h2 id="two-factor-title">Two-factor sign-in</h2>
      {s?.required && !s.enabled && (
        <p className="security-alert" role="alert">
          Your admin account must use two-factor sign-in. Turn it on to continue.
        </p>
      )}
      {prompt === 'suggested' && s && !s.enabled && (
        <p className="security-alert">Protect your admin account: turn on two-factor sign-in.</p>
      )}
      {s?.enabled ? (
        <>
          <p>
            Two-factor sign-in is on. {s.recoveryCodesLeft} recovery{' '}
            {s.recoveryCodesLeft === 1 ? 'code' : 'codes'} left.
          </p>
          <details>
            <summary>Get new recovery codes</summary>
            <ConfirmForm label="Make new codes" busy={renew.isPending} onSubmit={(v) => renew.mutate(v)} />
          </details>
          <details>
            <summary>Turn off two-factor sign-in</summary>
            <ConfirmForm label="Turn off" busy={disable.isPending} onSubmit={(v) => disable.mutate(v)} />
          </details>
        </>
      ) : setup ? (
        <div className="two-factor-setup">
          <p>
            Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator,
            Authy…).
          </p>
          <img src={setup.qrCode} alt="QR code for your authenticator app" width={240} height={240} />
          <p>
            Can't scan it? Type this key into the app:{' '}
            <code data-testid="two-factor-secret">{setup.secret}</code>
          </p>
          <form
            className="form"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              enable.mutate();
            }}
          >
            <div className="field">
              <label htmlFor="two-factor-check">Enter the 6-digit code from the app</label>
              <input
                id="two-factor-check"
                inputMode="numeric"
                autoComplete="one-time-code"
                value={code}
                onChange={(e) => setCode(e.target.value)}
              />
            </div>
            <button type="submit" className="btn" disabled={enable.isPending || !/^\d{6}$/.test(code.trim())}>
              Turn on
            </button>
          </form>
        </div>
      ) : (
        <>
          <p>
            Each sign-in asks for a code from your phone after your password, so a stolen password is not
            enough.
          </p>
          <button
            type="button"
            className="btn"
            disabled={start.isPending || !s}
            onClick={() => start.mutate()}
          >
            Set up two-factor sign-in
          </button>
        </>
      )}
    </section>
  );
}
