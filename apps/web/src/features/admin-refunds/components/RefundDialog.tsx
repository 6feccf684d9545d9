import { useId, useState } from 'react';
import { toast } from 'react-toastify';
import { REFUND_NOTE_MAX, type TRefundDto } from '@app/contract/orders';
import { Modal } from '@/components/Modal.tsx';
import { ApiError } from '@/lib/api.ts';
import { t as translate, useT } from '@/lib/i18n/index.ts';
import { genericError, refusalMessage } from '@/lib/messages.ts';
import { formatNaira } from '@/lib/money.ts';
import { useProcessRefund } from '../api/refunds.ts';
import { translateRefusal } from '@/lib/i18n/refusals.ts';

/** A refusal's sentence; also a 503's, which says the provider could not be asked (the request can be approved again). */
function failure(err: unknown): string {
  if (err instanceof ApiError && err.status === 503 && err.message) return translateRefusal(err.message);
  return refusalMessage(err, genericError());
}

/**
 * Approve or reject one refund request, with a note the student sees (required to reject). Closes when the server
 * agrees; stays open with the reason when it refuses.
 */
export function RefundDialog({
  refund,
  approve,
  onClose,
}: {
  refund: TRefundDto;
  approve: boolean;
  onClose: () => void;
}) {
  const t = useT();
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState('');
  const process = useProcessRefund();
  const fieldId = useId();
  // Closing waits for a save under way.
  const close = () => {
    if (!process.isPending) onClose();
  };

  const save = () => {
    const text = note.trim();
    if (!approve && !text) return setNoteError(t('adminRefunds.noteRequired'));
    process.mutate(
      { id: refund.id, approve, note: text },
      {
        onSuccess: () => {
          toast.success(translate(approve ? 'adminRefunds.toast.approved' : 'adminRefunds.toast.rejected'));
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      title={approve ? t('adminRefunds.dialog.approve') : t('adminRefunds.dialog.reject')}
      onClose={close}
      className="refund-modal"
    >
      <p className="muted">
        {t('adminRefunds.dialog.what', {
          title: refund.courseTitle,
          amount: formatNaira(refund.amount),
          student: refund.studentName,
        })}
      </p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
        noValidate
      >
        <div className="field">
          <label htmlFor={`${fieldId}-note`}>
            {approve ? t('adminRefunds.dialog.approveNote') : t('adminRefunds.dialog.rejectNote')}
          </label>
          <textarea
            id={`${fieldId}-note`}
            rows={3}
            maxLength={REFUND_NOTE_MAX}
            required={!approve}
            value={note}
            data-autofocus
            aria-invalid={noteError ? true : undefined}
            aria-describedby={noteError ? `${fieldId}-note-error` : undefined}
            onChange={(e) => {
              setNote(e.target.value);
              setNoteError('');
            }}
          />
          {noteError && (
            <p id={`${fieldId}-note-error`} className="field-error" role="alert">
              {noteError}
            </p>
          )}
        </div>
        {process.isError && (
          <p className="field-error" role="alert">
            {failure(process.error)}
          </p>
        )}
        <div className="modal-actions">
          <button type="button" className="btn btn-outline" onClick={onClose} disabled={process.isPending}>
            {t('adminRefunds.cancel')}
          </button>
          <button type="submit" className={approve ? 'btn' : 'btn btn-danger'} disabled={process.isPending}>
            {process.isPending
              ? t('adminRefunds.saving')
              : approve
                ? t('adminRefunds.approve')
                : t('adminRefunds.reject')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
