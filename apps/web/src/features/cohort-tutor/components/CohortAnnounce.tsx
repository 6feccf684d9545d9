import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { ZCohortAnnounceRequest } from '@app/contract/cohorts';
import { fieldOf } from '@/components/form/field-of.ts';
import { TextAreaField, TextField } from '@/components/form/FormField.tsx';
import { useAnnounceToCohort } from '../api/cohorts.ts';
import { SubmitRow } from './SubmitRow.tsx';

const ZAnnounceFields = ZCohortAnnounceRequest.pick({ title: true, body: true });
type TAnnounceFields = z.input<typeof ZAnnounceFields>;

/** 'Announce to this cohort only': a title and a message for the cohort's members, in the app and by email. */
export function CohortAnnounce({ cohortId, cohortName }: { cohortId: number; cohortName: string }) {
  const id = useId();
  const send = useAnnounceToCohort();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<TAnnounceFields, unknown, z.output<typeof ZAnnounceFields>>({
    resolver: zodResolver(ZAnnounceFields),
    defaultValues: { title: '', body: '' },
  });
  const field = fieldOf(register, errors);
  const onSubmit = handleSubmit((values) =>
    send.mutate(
      { cohortId, ...values },
      {
        onSuccess: () => {
          toast.success(`Announcement sent to the members of ${cohortName}.`);
          reset();
        },
      },
    ),
  );
  return (
    <form
      className="card cohort-form"
      aria-label="Announce to this cohort only"
      onSubmit={(e) => void onSubmit(e)}
      noValidate
    >
      <h3>Announce to this cohort only</h3>
      <p className="muted">To the members of {cohortName}, in the app and by email.</p>
      <TextField id={`${id}-title`} label="Title" {...field('title')} />
      <TextAreaField id={`${id}-body`} label="Message" rows={5} {...field('body')} />
      <SubmitRow mutation={send} label={'Send to this cohort'} busyLabel="Sending..." />
    </form>
  );
}
