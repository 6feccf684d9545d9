import { useId, useState } from 'react';
import { toast } from 'react-toastify';
import { COURSE_TRANSITIONS, STATUS_REASON_MAX } from '@app/contract/course-rules';
import { REJECT_REASON_MIN, type TCourseStatus } from '@app/contract/courses';
import { Modal } from '@/components/Modal.tsx';
import { useProcessCourse } from '@/features/admin-review/api/process-course.ts';
import { CourseStatus } from '@/components/CourseStatus.tsx';
import { t as translate, useT } from '@/lib/i18n/index.ts';
import { genericError, refusalMessage } from '@/lib/messages.ts';

/** The catalog key of the toast after each decision, when the server's answer has no message. */
const DONE: Record<TCourseStatus, string> = {
  Pending: 'adminReview.done.pending',
  Approved: 'adminReview.done.approved',
  Rejected: 'adminReview.done.rejected',
};

type Props = {
  course: { id: number; title: string; status?: TCourseStatus };
  onClose: () => void;
};

/**
 * The status update dialog: a modal with Pending, Approved and Rejected. The table behind it shows the new status
 * as soon as Save is pressed; the dialog closes when the server agrees, or stays open saying why it refused.
 */
export function StatusDialog({ course, onClose }: Props) {
  const t = useT();
  const [status, setStatus] = useState<TCourseStatus>(course.status ?? 'Pending');
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState('');
  const process = useProcessCourse();
  const fieldId = useId();
  // Closing waits for a save under way.
  const close = () => {
    if (!process.isPending) onClose();
  };

  const save = () => {
    const why = reason.trim();
    if (status === 'Rejected' && why.length < REJECT_REASON_MIN)
      return setReasonError(t('adminReview.reasonTooShort', { min: REJECT_REASON_MIN }));
    if (status === course.status && !why) return onClose();
    process.mutate(
      { id: course.id, status, ...(why ? { reason: why } : {}) },
      {
        onSuccess: () => {
          toast.success(translate(DONE[status]));
          onClose();
        },
      },
    );
  };

  return (
    <Modal title={t('adminReview.dialogTitle')} onClose={close}>
      <p className="modal-subtitle">{course.title}</p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <fieldset className="status-options">
          <legend>{t('adminReview.col.status')}</legend>
          {COURSE_TRANSITIONS.review.to.map((s) => (
            <label key={s} className="status-option">
              <input
                type="radio"
                name="status"
                value={s}
                checked={status === s}
                data-autofocus={status === s || undefined}
                onChange={() => setStatus(s)}
              />
              <CourseStatus status={s} />
            </label>
          ))}
        </fieldset>
        {status === 'Rejected' && (
          <div className="status-reason">
            <label htmlFor={`${fieldId}-reason`}>{t('adminReview.reasonLabel')}</label>
            <textarea
              id={`${fieldId}-reason`}
              rows={3}
              maxLength={STATUS_REASON_MAX}
              value={reason}
              aria-invalid={reasonError ? true : undefined}
              aria-describedby={reasonError ? `${fieldId}-reason-error` : undefined}
              onChange={(e) => {
                setReason(e.target.value);
                setReasonError('');
              }}
            />
            <p className="muted">{t('adminReview.reasonHelp')}</p>
            {reasonError && (
              <p id={`${fieldId}-reason-error`} className="field-error" role="alert">
                {reasonError}
              </p>
            )}
          </div>
        )}
        {process.isError && (
          <p className="field-error" role="alert">
            {refusalMessage(process.error, genericError())}
          </p>
        )}
        <div className="modal-actions">
          <button type="button" className="btn btn-outline" onClick={onClose}>
            {t('adminReview.cancel')}
          </button>
          <button type="submit" className="btn" disabled={process.isPending}>
            {process.isPending ? t('adminReview.saving') : t('adminReview.save')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
