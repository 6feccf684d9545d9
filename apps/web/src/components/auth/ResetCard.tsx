import type { FormEventHandler, ReactNode } from 'react';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { FormAlert } from '@/components/form/FormAlert.tsx';
import { useNavigateLater } from '@/lib/use-navigate-later.ts';
import { refusalMessage } from './auth-messages.ts';
import { RESET_REDIRECT_MS } from './auth-roles.ts';
import { t as translate, useT } from '@/lib/i18n/index.ts';
import './auth.css';

/** The email of both password-reset steps. */
export const ZResetEmail = z
  .string()
  .trim()
  .min(1, { error: () => translate('auth.reset.fillEmail') })
  .pipe(z.email({ error: () => translate('auth.reset.invalidEmail') }));

/**
 * How both password-reset steps send: `send` calls the server (and keeps what the next step needs); `done` (the step's
 * own words) shows and the page moves on to `next` shortly after. A refusal shows the server's reason, or `fallback`'s.
 */
export function useResetStep(next: string, fallback: () => string, done: () => string) {
  const navigateLater = useNavigateLater();
  return async (send: () => Promise<unknown>) => {
    try {
      await send();
      toast.success(done());
      navigateLater(next, RESET_REDIRECT_MS);
    } catch (err) {
      toast.error(refusalMessage(err, fallback()));
    }
  };
}

/** The card both password-reset steps share: heading, one line of help, the form with its alert and button, links. */
export function ResetCard({
  title,
  intro,
  onSubmit,
  error,
  busy,
  submitLabel,
  links,
  children,
}: {
  title: string;
  intro: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  error: string | undefined;
  busy: boolean;
  submitLabel: string;
  links: ReactNode;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <section className="form-card auth-card">
      <h1>{title}</h1>
      <p className="muted">{intro}</p>
      <form className="form" onSubmit={onSubmit} noValidate>
        {children}
        <FormAlert message={error} />
        <button type="submit" className="btn" disabled={busy}>
          {busy ? t('common.loading') : submitLabel}
        </button>
      </form>
      <p className="auth-links">{links}</p>
    </section>
  );
}
