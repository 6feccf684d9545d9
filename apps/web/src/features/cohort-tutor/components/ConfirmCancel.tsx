import type { TCohortDto } from '@app/contract/cohorts';
import { ConfirmDialog } from '@/components/ConfirmDialog.tsx';
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
  return (
    <ConfirmDialog
      title={`Cancel ${cohort.name}?`}
      cancelLabel="Keep the cohort"
      confirmLabel="Cancel cohort and refund"
      pendingLabel="Cancelling..."
      pending={cancel.isPending}
      onClose={onClose}
      onConfirm={() => cancel.mutate(cohort.id, { onSuccess: (res) => onCancelled(res.responseDto.message) })}
    >
      <p>
        Its {cohort.seatsTaken} {cohort.seatsTaken === 1 ? 'member is' : 'members are'} told, orders still
        waiting for payment are given up, and every paid seat is refunded through the refund flow. This cannot
        be undone.
      </p>
      <FormAlert message={cancel.isError && refusalMessage(cancel.error, GENERIC_ERROR)} />
    </ConfirmDialog>
  );
}
