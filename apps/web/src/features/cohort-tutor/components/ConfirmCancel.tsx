import type { TCohortDto } from '@app/contract/cohorts';
import { ConfirmDialog } from '@/components/ConfirmDialog.tsx';
import { FormAlert } from '@/components/form/FormAlert.tsx';
import { useT } from '@/lib/i18n/index.ts';
import { genericError, refusalMessage } from '@/lib/messages.ts';
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
  const t = useT();
  const cancel = useCancelCohort();
  return (
    <ConfirmDialog
      title={t('cohortTutor.cancelDialog.title', { name: cohort.name })}
      cancelLabel={t('cohortTutor.cancelDialog.keep')}
      confirmLabel={t('cohortTutor.cancelDialog.confirm')}
      pendingLabel={t('cohortTutor.cancelDialog.pending')}
      pending={cancel.isPending}
      onClose={onClose}
      onConfirm={() => cancel.mutate(cohort.id, { onSuccess: () => onCancelled(t('cohortTutor.cancelled')) })}
    >
      <p>{t('cohortTutor.cancelDialog.text', { count: cohort.seatsTaken })}</p>
      <FormAlert message={cancel.isError && refusalMessage(cancel.error, genericError())} />
    </ConfirmDialog>
  );
}
