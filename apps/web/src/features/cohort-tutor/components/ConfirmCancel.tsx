import type { TCohortDto } from '@app/contract/cohorts';
import { Modal } from '@/components/Modal.tsx';
import { FormAlert } from '@/components/form/FormAlert.tsx';
import { GENERIC_ERROR, refusalMessage } from '@/lib/messages.ts';
import { useCancelCohort } from '../api/cohorts.ts';

/** Asks before cancelling a cohort, saying what it does: its members are told and every paid seat is refunded. */
export function ConfirmCancel({
  cohort,
  onClose,
  onCancelled,
}: {
  cohort: TCohortDto;
  onClose: () => void;
  onCancelled: (message: string) => void;
}) {
  const cancel = useCancelCohort();
  const close = () => !cancel.isPending && onClose();
  return (
    <Modal title={`Cancel ${cohort.name}?`} onClose={close}>
      <p>
        Its {cohort.seatsTaken} {cohort.seatsTaken === 1 ? 'member is' : 'members are'} told, orders still
        waiting for payment are given up, and every paid seat is refunded through the refund flow. This cannot
        be undone.
      </p>
      <FormAlert message={cancel.isError && refusalMessage(cancel.error, GENERIC_ERROR)} />
      <div className="modal-actions">
        <button
          type="button"
          className="btn btn-outline"
          data-autofocus
          onClick={close}
          disabled={cancel.isPending}
        >
          Keep the cohort
        </button>
        <button
          type="button"
          className="btn btn-danger"
          disabled={cancel.isPending}
          onClick={() =>
            cancel.mutate(cohort.id, { onSuccess: (res) => onCancelled(res.responseDto.message) })
          }
        >
          {cancel.isPending ? 'Cancelling...' : 'Cancel cohort and refund'}
        </button>
      </div>
    </Modal>
  );
}
