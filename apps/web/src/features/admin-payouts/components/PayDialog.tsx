import { Modal } from '@/components/Modal.tsx';
import { useT } from '@/lib/i18n/index.ts';
import { genericError, refusalMessage } from '@/lib/messages.ts';
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
  const t = useT();
  const close = () => {
    if (!busy) onClose();
  };
  const total = tutors.reduce((sum, tutor) => sum + tutor.owed, 0);

  return (
    <Modal title={t('adminPayouts.pay.title', { count: tutors.length })} onClose={close}>
      <p className="modal-subtitle">{t('adminPayouts.pay.subtitle', { total: formatNaira(total) })}</p>
      <ul className="pay-dialog-list">
        {tutors.map((tutor) => (
          <li key={tutor.tutorId}>
            <span>{tutor.fullName}</span> <strong>{formatNaira(tutor.owed)}</strong>
          </li>
        ))}
      </ul>
      <p className="muted">{t('adminPayouts.pay.once')}</p>
      {!!error && (
        <p className="field-error" role="alert">
          {refusalMessage(error, genericError())}
        </p>
      )}
      <div className="modal-actions">
        <button type="button" className="btn btn-outline" onClick={close} disabled={busy}>
          {t('adminPayouts.cancel')}
        </button>
        <button type="button" className="btn" onClick={onConfirm} disabled={busy} data-autofocus>
          {busy ? t('adminPayouts.pay.paying') : t('adminPayouts.pay.now')}
        </button>
      </div>
    </Modal>
  );
}
