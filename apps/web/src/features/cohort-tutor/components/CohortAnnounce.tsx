import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { ZCohortAnnounceRequest } from '@app/contract/cohorts';
import { fieldOf } from '@/components/form/field-of.ts';
import { TextAreaField, TextField } from '@/components/form/FormField.tsx';
import { useT } from '@/lib/i18n/index.ts';
import { useAnnounceToCohort } from '../api/cohorts.ts';
import { SubmitRow } from './SubmitRow.tsx';

const ZAnnounceFields = ZCohortAnnounceRequest.pick({ title: true, body: true });
type TAnnounceFields = z.input<typeof ZAnnounceFields>;

/** 'Announce to this cohort only': a title and a message for the cohort's members, in the app and by email. */
export function CohortAnnounce({ cohortId, cohortName }: { cohortId: number; cohortName: string }) {
  const t = useT();
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
          toast.success(t('cohortTutor.announce.sent', { name: cohortName }));
          reset();
        },
      },
    ),
  );
  return (
    <form
      className="card cohort-form"
      aria-label={t('cohortTutor.announce.title')}
      onSubmit={(e) => void onSubmit(e)}
      noValidate
    >
      <h3>{t('cohortTutor.announce.title')}</h3>
      <p className="muted">{t('cohortTutor.announce.lead', { name: cohortName })}</p>
      <TextField id={`${id}-title`} label={t('cohortTutor.field.title')} {...field('title')} />
      <TextAreaField
        id={`${id}-body`}
        label={t('cohortTutor.announce.message')}
        rows={5}
        {...field('body')}
      />
      <SubmitRow mutation={send} label={t('cohortTutor.announce.send')} busyLabel={t('common.sending')} />
    </form>
  );
}
