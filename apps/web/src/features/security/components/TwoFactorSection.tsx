import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import type { TTwoFactorSetupResponse } from '@app/contract/security';
import { refusalMessage } from '@/components/auth/auth-messages.ts';
import { callOp } from '@/lib/api.ts';
import { t as translate, useT } from '@/lib/i18n/index.ts';
import { securityKeys, useTwoFactorStatus } from '../api/security.ts';

/** Recovery codes, shown once, with copy and download. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const t = useT();
  const text = codes.join('\n');
  const download = () => {
    const url = URL.createObjectURL(
      new Blob([`${translate('security.twoFactor.codesFileTitle')}\n\n${text}\n`], { type: 'text/plain' }),
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
        <strong>{t('security.twoFactor.saveCodes')}</strong> {t('security.twoFactor.saveCodesText')}
      </p>
      <ul aria-label={t('security.twoFactor.codes')}>
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
          onClick={() =>
            void navigator.clipboard
              ?.writeText(text)
              .then(() => toast.success(translate('security.twoFactor.copied')))
          }
        >
          {t('security.twoFactor.copy')}
        </button>
        <button type="button" className="btn btn-outline" onClick={download}>
          {t('security.download')}
        </button>
        <button type="button" className="btn" onClick={onDone}>
          {t('security.twoFactor.saved')}
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
  const t = useT();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit({ password, code: code.trim() });
  };
  const id = useId();
  return (
    <form className="form security-confirm" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={`${id}-password`}>{t('auth.field.password')}</label>
        <input
          id={`${id}-password`}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-code`}>{t('security.twoFactor.confirmCode')}</label>
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
  const t = useT();
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
      toast.success(t('security.twoFactor.turnedOn'));
      void refresh();
    },
    onError: fail,
  });
  const disable = useMutation({
    mutationFn: (v: { password: string; code: string }) => callOp('twoFactorDisable', v),
    onSuccess: () => {
      toast.success(t('security.twoFactor.turnedOff'));
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
        <h2>{t('security.twoFactor.title')}</h2>
        <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
      </section>
    );
  const s = status.data;
  return (
    <section className="security-section" aria-labelledby="two-factor-title">
      <h2 id="two-factor-title">{t('security.twoFactor.title')}</h2>
      {s?.required && !s.enabled && (
        <p className="security-alert" role="alert">
          {t('security.twoFactor.required')}
        </p>
      )}
      {prompt === 'suggested' && s && !s.enabled && (
        <p className="security-alert">{t('security.twoFactor.suggested')}</p>
      )}
      {s?.enabled ? (
        <>
          <p>{t('security.twoFactor.on', { count: s.recoveryCodesLeft })}</p>
          <details>
            <summary>{t('security.twoFactor.newCodes')}</summary>
            <ConfirmForm
              label={t('security.twoFactor.makeCodes')}
              busy={renew.isPending}
              onSubmit={(v) => renew.mutate(v)}
            />
          </details>
          <details>
            <summary>{t('security.twoFactor.turnOffTitle')}</summary>
            <ConfirmForm
              label={t('security.twoFactor.turnOff')}
              busy={disable.isPending}
              onSubmit={(v) => disable.mutate(v)}
            />
          </details>
        </>
      ) : setup ? (
        <div className="two-factor-setup">
          <p>{t('security.twoFactor.scan')}</p>
          <img src={setup.qrCode} alt={t('security.twoFactor.qrAlt')} width={240} height={240} />
          <p>
            {t('security.twoFactor.typeKey')} <code data-testid="two-factor-secret">{setup.secret}</code>
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
              <label htmlFor="two-factor-check">{t('security.twoFactor.checkCode')}</label>
              <input
                id="two-factor-check"
                inputMode="numeric"
                autoComplete="one-time-code"
                value={code}
                onChange={(e) => setCode(e.target.value)}
              />
            </div>
            <button type="submit" className="btn" disabled={enable.isPending || !/^\d{6}$/.test(code.trim())}>
              {t('security.twoFactor.turnOn')}
            </button>
          </form>
        </div>
      ) : (
        <>
          <p>{t('security.twoFactor.intro')}</p>
          <button
            type="button"
            className="btn"
            disabled={start.isPending || !s}
            onClick={() => start.mutate()}
          >
            {t('security.twoFactor.setUp')}
          </button>
        </>
      )}
    </section>
  );
}
