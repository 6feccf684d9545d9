import { useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import { z } from 'zod';
import type { TCohortDto } from '@app/contract/cohorts';
import { ZCohortSaveRequest } from '@app/contract/cohorts';
import { fieldOf } from '@/components/form/field-of.ts';
import { TextField } from '@/components/form/FormField.tsx';
import { SaveActions } from '@/components/form/SaveActions.tsx';
import { useT, type Translate } from '@/lib/i18n/index.ts';
import { genericError, refusalMessage } from '@/lib/messages.ts';
import { useSaveCohort } from '../api/cohorts.ts';
import { lagosZone } from '../cohort-text.ts';
import { lagosField, lagosMoment, numberOf, ZLagosField } from '../lagos-form.ts';

const cohortFields = (t: Translate) =>
  z.object({
    name: z.string(),
    startsAt: ZLagosField(t('cohortTutor.form.startsMissing')),
    endsAt: ZLagosField(t('cohortTutor.form.endsMissing')),
    enrolOpensAt: z.string(),
    enrolClosesAt: z.string(),
    capacity: z.string(),
    nairaPrice: z.string(),
  });
type TCohortFields = z.input<ReturnType<typeof cohortFields>>;

/** The form's fields (Lagos times, texts) as the contract's request, checked by the contract's own schema. */
const cohortForm = (t: Translate, courseId: number, id?: number) =>
  cohortFields(t)
    .transform((f): z.input<typeof ZCohortSaveRequest> => ({
      ...(id ? { id } : {}),
      courseId,
      name: f.name,
      startsAt: lagosMoment(f.startsAt) ?? '',
      endsAt: lagosMoment(f.endsAt) ?? '',
      enrolOpensAt: lagosMoment(f.enrolOpensAt),
      enrolClosesAt: lagosMoment(f.enrolClosesAt),
      capacity: numberOf(f.capacity),
      nairaPrice: f.nairaPrice.trim() === '' ? null : numberOf(f.nairaPrice),
    }))
    .pipe(ZCohortSaveRequest);

const fieldsOf = (c: TCohortDto | null): TCohortFields => ({
  name: c?.name ?? '',
  startsAt: lagosField(c?.startsAt),
  endsAt: lagosField(c?.endsAt),
  enrolOpensAt: lagosField(c?.enrolOpensAt),
  enrolClosesAt: lagosField(c?.enrolClosesAt),
  capacity: c ? String(c.capacity) : '',
  nairaPrice: c?.nairaPrice != null ? String(c.nairaPrice) : '',
});

/**
 * A new cohort of the course (name, start and end, enrolment window, capacity, an optional price of its own), or
 * with `editing` the change of one, its fields filled in. Every time is entered in Lagos time.
 */
export function CohortForm({
  courseId,
  editing = null,
  onDone,
}: {
  courseId: number;
  editing?: TCohortDto | null;
  onDone?: () => void;
}) {
  const t = useT();
  const id = useId();
  const save = useSaveCohort();
  const schema = useMemo(() => cohortForm(t, courseId, editing?.id), [t, courseId, editing?.id]);
  const zone = lagosZone(t);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<TCohortFields, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: fieldsOf(editing),
  });
  const field = fieldOf(register, errors);
  const onSubmit = handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: (res) => {
        toast.success(t('cohortTutor.form.saved', { name: res.cohort.name }));
        if (editing) onDone?.();
        else reset(fieldsOf(null));
      },
    }),
  );

  return (
    <form
      className="card cohort-form"
      aria-label={editing ? t('cohortTutor.form.editLabel') : t('cohortTutor.form.new')}
      onSubmit={(e) => void onSubmit(e)}
      noValidate
    >
      <h2>{editing ? t('cohortTutor.form.editTitle', { name: editing.name }) : t('cohortTutor.form.new')}</h2>
      <TextField id={`${id}-name`} label={t('cohortTutor.form.name')} {...field('name')} />
      <div className="cohort-form-pair">
        <TextField
          id={`${id}-starts`}
          type="datetime-local"
          label={t('cohortTutor.startsZone', { zone })}
          {...field('startsAt')}
        />
        <TextField
          id={`${id}-ends`}
          type="datetime-local"
          label={t('cohortTutor.endsZone', { zone })}
          {...field('endsAt')}
        />
      </div>
      <div className="cohort-form-pair">
        <TextField
          id={`${id}-enrol-opens`}
          type="datetime-local"
          label={t('cohortTutor.form.enrolOpensZone', { zone })}
          {...field('enrolOpensAt')}
        />
        <TextField
          id={`${id}-enrol-closes`}
          type="datetime-local"
          label={t('cohortTutor.form.enrolClosesZone', { zone })}
          {...field('enrolClosesAt')}
        />
      </div>
      <p className="muted cohort-form-note">{t('cohortTutor.form.enrolNote')}</p>
      <div className="cohort-form-pair">
        <TextField
          id={`${id}-capacity`}
          type="number"
          min={1}
          step={1}
          inputMode="numeric"
          label={t('cohortTutor.form.capacity')}
          {...field('capacity')}
        />
        <TextField
          id={`${id}-price`}
          type="number"
          min={0}
          step="0.01"
          inputMode="decimal"
          label={t('cohortTutor.form.price')}
          {...field('nairaPrice')}
        />
      </div>
      <SaveActions
        error={save.isError ? refusalMessage(save.error, genericError()) : null}
        pending={save.isPending}
        editing={editing !== null}
        createLabel={t('cohortTutor.form.create')}
        onCancel={onDone}
      />
    </form>
  );
}
