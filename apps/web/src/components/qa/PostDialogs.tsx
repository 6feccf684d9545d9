import { useId, useState } from 'react';
import { toast } from 'react-toastify';
import { ZReportRequest } from '@app/contract/questions';
import { Modal } from '@/components/Modal.tsx';
import { genericError, refusalMessage } from '@/lib/messages.ts';
import { useDeletePost, useReportPost } from '@/lib/queries/questions.ts';
import { useT } from '@/lib/i18n/index.ts';

type Target = { kind: 'question' | 'answer'; id: number; questionId: number };

/** Report a post with a reason (up to 500 characters) for the admins' moderation screen. */
export function ReportDialog({ target, onClose }: { target: Target; onClose: () => void }) {
  const t = useT();
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const report = useReportPost();
  const close = () => !report.isPending && onClose();

  const send = () => {
    const parsed = ZReportRequest.shape.reason.safeParse(reason);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? t('qa.reasonRequired'));
    report.mutate(
      { kind: target.kind, id: target.id, reason: parsed.data },
      {
        onSuccess: () => {
          toast.success(t('qa.reportSent'));
          onClose();
        },
      },
    );
  };

  return (
    <Modal title={target.kind === 'question' ? t('qa.reportQuestion') : t('qa.reportAnswer')} onClose={close}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          send();
        }}
        noValidate
      >
        <div className="field">
          <label htmlFor={`${id}-reason`}>{t('qa.reportReason')}</label>
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
            {refusalMessage(report.error, genericError())}
          </p>
        )}
        <div className="modal-actions">
          <button type="button" className="btn btn-outline" onClick={onClose} disabled={report.isPending}>
            {t('qa.cancel')}
          </button>
          <button type="submit" className="btn" disabled={report.isPending}>
            {report.isPending ? t('common.sending') : t('qa.sendReport')}
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
  const t = useT();
  const remove = useDeletePost(target.questionId);
  const close = () => !remove.isPending && onClose();
  const question = target.kind === 'question';
  return (
    <Modal title={question ? t('qa.deleteQuestionTitle') : t('qa.deleteAnswerTitle')} onClose={close}>
      <p>{question ? t('qa.deleteQuestionText') : t('qa.deleteAnswerText')}</p>
      {remove.isError && (
        <p className="field-error" role="alert">
          {refusalMessage(remove.error, genericError())}
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
          {t('qa.cancel')}
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
                  toast.success(question ? t('qa.questionDeleted') : t('qa.answerDeleted'));
                  onClose();
                  onDeleted?.();
                },
              },
            )
          }
        >
          {remove.isPending ? t('qa.deleting') : t('qa.delete')}
        </button>
      </div>
    </Modal>
  );
}
