import { useId, useState } from 'react';
import { toast } from 'react-toastify';
import { ZReportRequest } from '@app/contract/questions';
import { Modal } from '@/components/Modal.tsx';
import { GENERIC_ERROR, refusalMessage } from '@/lib/messages.ts';
import { useDeletePost, useReportPost } from '@/lib/queries/questions.ts';

type Target = { kind: 'question' | 'answer'; id: number; questionId: number };

export const REPORT_SENT = 'Thank you. An admin will look at this post.';

/** Report a post with a reason (up to 500 characters) for the admins' moderation screen. */
export function ReportDialog({ target, onClose }: { target: Target; onClose: () => void }) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const report = useReportPost();
  const close = () => !report.isPending && onClose();

  const send = () => {
    const parsed = ZReportRequest.shape.reason.safeParse(reason);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Reason is required');
    report.mutate(
      { kind: target.kind, id: target.id, reason: parsed.data },
      {
        onSuccess: () => {
          toast.success(REPORT_SENT);
          onClose();
        },
      },
    );
  };

  return (
    <Modal title={target.kind === 'question' ? 'Report question' : 'Report answer'} onClose={close}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          send();
        }}
        noValidate
      >
        <div className="field">
          <label htmlFor={`${id}-reason`}>Why should an admin look at it?</label>
          <textarea
            id={`${id}-reason`}
            rows={3}
            value={reason}
            data-autofocus
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-reason-error` : undefined}
            onChange={(e) => {
              setReason(e.target.value);
              setError('');
            }}
          />
          {error && (
            <p id={`${id}-reason-error`} className="field-error" role="alert">
              {error}
            </p>
          )}
        </div>
        {report.isError && (
          <p className="field-error" role="alert">
            {refusalMessage(report.error, GENERIC_ERROR)}
          </p>
        )}
        <div className="modal-actions">
          <button type="button" className="btn btn-outline" onClick={onClose} disabled={report.isPending}>
            Cancel
          </button>
          <button type="submit" className="btn" disabled={report.isPending}>
            {report.isPending ? 'Sending...' : 'Send report'}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** Asks before deleting one's own post; a post that has answers stays as '[deleted]'. */
export function DeleteDialog({
  target,
  onClose,
  onDeleted,
}: {
  target: Target;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const remove = useDeletePost(target.questionId);
  const close = () => !remove.isPending && onClose();
  const what = target.kind === 'question' ? 'question' : 'answer';
  return (
    <Modal title={`Delete this ${what}?`} onClose={close}>
      <p>
        {target.kind === 'question'
          ? 'If it has answers, it stays in the list as [deleted] so the answers keep their place.'
          : 'It shows as [deleted] in the thread.'}
      </p>
      {remove.isError && (
        <p className="field-error" role="alert">
          {refusalMessage(remove.error, GENERIC_ERROR)}
        </p>
      )}
      <div className="modal-actions">
        <button
          type="button"
          className="btn btn-outline"
          onClick={onClose}
          disabled={remove.isPending}
          data-autofocus
        >
          Cancel
        </button>
        <button
          type="button"
          className="btn btn-danger"
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(
              { kind: target.kind, id: target.id },
              {
                onSuccess: () => {
                  toast.success(`Your ${what} was deleted.`);
                  onClose();
                  onDeleted?.();
                },
              },
            )
          }
        >
          {remove.isPending ? 'Deleting...' : 'Delete'}
        </button>
      </div>
    </Modal>
  );
}
