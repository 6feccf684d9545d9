import { useId } from 'react';
import { toast } from 'react-toastify';
import { genericError, refusalMessage } from '@/lib/messages.ts';
import { useQaEmails, useSetQaEmails } from '@/lib/queries/questions.ts';
import { useT } from '@/lib/i18n/index.ts';
import './qa.css';

/** The profile's 'Q&A emails' switch: the hourly email digest of questions and answers. */
export function QaEmailsToggle() {
  const t = useT();
  const id = useId();
  const current = useQaEmails();
  const save = useSetQaEmails();
  const enabled = current.data?.enabled ?? true;
  return (
    <section className="qa-emails" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('qa.emails')}</h2>
      <label className="qa-emails-switch">
        <input
          type="checkbox"
          role="switch"
          checked={enabled}
          disabled={current.isPending || save.isPending}
          aria-describedby={`${id}-note`}
          onChange={(e) =>
            save.mutate(e.target.checked, {
              onSuccess: (res) => toast.success(res.enabled ? t('qa.emailsOn') : t('qa.emailsOff')),
              onError: (err) => toast.error(refusalMessage(err, genericError())),
            })
          }
        />{' '}
        {t('qa.emails')}
      </label>
      <p id={`${id}-note`} className="muted">
        {t('qa.emailsNote')}
      </p>
      {current.isError && (
        <p className="field-error" role="alert">
          {t('qa.emailsLoadFailed')}
        </p>
      )}
    </section>
  );
}
