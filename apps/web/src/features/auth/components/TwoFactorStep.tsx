import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import type { TLoginResponse } from '@app/contract/accounts';
import { refusalMessage } from '@/components/auth/auth-messages.ts';
import { callOp } from '@/lib/api.ts';
import type { Role } from '@/lib/session.ts';
import { useT } from '@/lib/i18n/index.ts';
import './two-factor.css';

/** The sign-in's second step: the 6-digit code from the authenticator app (or a recovery code). */
export function TwoFactorStep({
  role,
  challenge,
  onSignedIn,
  onRestart,
}: {
  role: Role;
  challenge: string;
  onSignedIn: (res: TLoginResponse) => void;
  onRestart: () => void;
}) {
  const t = useT();
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const send = useMutation({
    mutationFn: () => callOp('login2fa', { challenge, code: code.trim() }, { auth: false }),
  });
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) return;
    try {
      onSignedIn(await send.mutateAsync());
    } catch (err) {
      toast.error(refusalMessage(err));
      setCode('');
    }
  };
  const busy = send.isPending || send.isSuccess;
  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <p>{recovery ? t('auth.twoFactor.recoveryIntro') : t('auth.twoFactor.codeIntro')}</p>
      <div className="field">
        <label htmlFor={`${role}-login-code`}>
          {recovery ? t('auth.twoFactor.recoveryCode') : t('auth.twoFactor.code')}
        </label>
        <input
          id={`${role}-login-code`}
          autoComplete="one-time-code"
          inputMode={recovery ? 'text' : 'numeric'}
          autoFocus
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
      </div>
      <button type="submit" className="btn" disabled={busy || !code.trim()}>
        {send.isPending ? t('auth.twoFactor.checking') : t('auth.twoFactor.verify')}
      </button>
      <p className="auth-links">
        <button type="button" className="link-button" onClick={() => setRecovery(!recovery)}>
          {recovery ? t('auth.twoFactor.useApp') : t('auth.twoFactor.useRecovery')}
        </button>{' '}
        ·{' '}
        <button type="button" className="link-button" onClick={onRestart}>
          {t('auth.twoFactor.restart')}
        </button>
      </p>
    </form>
  );
}
