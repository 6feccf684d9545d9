import { Modal } from '@/components/Modal.tsx';
import { GENERIC_ERROR, refusalMessage } from '@/lib/messages.ts';
import { formatNaira } from '@/lib/money.ts';
import type { OwedTutor } from '../api/owed-tutors.ts';

/** Asks the admin to confirm a payout of the chosen tutors' owed balances before any money moves. */
export function PayDialog({
  tutors,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  tutors: OwedTutor[];
  busy: boolean;
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const close = () => {
    if (!busy) onClose();
  };
  const total = tutors.reduce((sum, t) => sum + t.owed, 0);
  const who = tutors.length === 1 ? '1 tutor' : `${tutors.length} tutors`;

  return (
    <Modal title={`Pay ${who}?`} onClose={close}>
      <p className="modal-subtitle">
        {formatNaira(total)} in total, each by bank transfer to the tutor&apos;s checked account.
      </p>
      <ul className="pay-dialog-list">
        {tutors.map((t) => (
          <li key={t.tutorId}>
            <span>{t.fullName}</span> <strong>{formatNaira(t.owed)}</strong>
          </li>
        ))}
      </ul>
      <p className="muted">Each payout has its own reference, so asking again never pays a tutor twice.</p>
      {!!error && (
        <p className="field-error" role="alert">
          {refusalMessage(error, GENERIC_ERROR)}
        </p>
      )}
      <div className="modal-actions">
        <button type="button" className="btn btn-outline" onClick={close} disabled={busy}>
          Cancel
        </button>
        <button type="button" className="btn" onClick={onConfirm} disabled={busy} data-autofocus>
          {busy ? 'Paying...' : 'Pay now'}
        </button>
      </div>
    </Modal>
  );
}
