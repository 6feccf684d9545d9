import type { FormEventHandler, ReactNode } from 'react';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { FormAlert } from '@/components/form/FormAlert.tsx';
import { useNavigateLater } from '@/lib/use-navigate-later.ts';
import { refusalMessage } from './auth-messages.ts';
import { RESET_REDIRECT_MS } from './auth-roles.ts';
import './auth.css';

/** The email of both password-reset steps. */
export const ZResetEmail = z
  .string()
  .trim()
  .min(1, { error: 'Please fill in your email.' })
  .pipe(z.email({ error: 'Enter a valid email address' }));

/**
 * How both password-reset steps send: `send` calls the server (and keeps what the next step needs); its answer's
 * message shows and the page moves on to `next` shortly after. A refusal shows the server's reason, or `fallback`.
 */
export function useResetStep(next: string, fallback: string) {
  const navigateLater = useNavigateLater();
  return async (send: () => Promise<{ responseDto: { message: string } }>) => {
    try {
      const res = await send();
      toast.success(res.responseDto.message);
      navigateLater(next, RESET_REDIRECT_MS);
    } catch (err) {
      toast.error(refusalMessage(err, fallback));
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
  return (
    <section className="form-card auth-card">
      <h1>{title}</h1>
      <p className="muted">{intro}</p>
      <form className="form" onSubmit={onSubmit} noValidate>
        {children}
        <FormAlert message={error} />
        <button type="submit" className="btn" disabled={busy}>
          {busy ? 'Loading...' : submitLabel}
        </button>
      </form>
      <p className="auth-links">{links}</p>
    </section>
  );
}
