import { useId } from 'react';
import { toast } from 'react-toastify';
import { GENERIC_ERROR, refusalMessage } from '@/lib/messages.ts';
import { useQaEmails, useSetQaEmails } from '@/lib/queries/questions.ts';
import './qa.css';

/** The profile's 'Q&A emails' switch: the hourly email digest of questions and answers. */
export function QaEmailsToggle() {
  const id = useId();
  const current = useQaEmails();
  const save = useSetQaEmails();
  const enabled = current.data?.enabled ?? true;
  return (
    <section className="qa-emails" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Q&amp;A emails</h2>
      <label className="qa-emails-switch">
        <input
          type="checkbox"
          role="switch"
          checked={enabled}
          disabled={current.isPending || save.isPending}
          aria-describedby={`${id}-note`}
          onChange={(e) =>
            save.mutate(e.target.checked, {
              onSuccess: (res) => toast.success(res.enabled ? 'Q&A emails are on.' : 'Q&A emails are off.'),
              onError: (err) => toast.error(refusalMessage(err, GENERIC_ERROR)),
            })
          }
        />{' '}
        Q&amp;A emails
      </label>
      <p id={`${id}-note`} className="muted">
        At most one email an hour listing new questions, answers and accepted answers. You always see them in
        your notifications.
      </p>
      {current.isError && (
        <p className="field-error" role="alert">
          Your Q&amp;A email setting could not be loaded.
        </p>
      )}
    </section>
  );
}
