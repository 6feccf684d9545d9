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
import { LAGOS_TIME } from '@/lib/dates.ts';
import { GENERIC_ERROR, refusalMessage } from '@/lib/messages.ts';
import { useSaveCohort } from '../api/cohorts.ts';
import { lagosField, lagosMoment, numberOf, ZLagosField } from '../lagos-form.ts';

const ZCohortFields = z.object({
  name: z.string(),
  startsAt: ZLagosField('Enter when the cohort starts.'),
  endsAt: ZLagosField('Enter when the cohort ends.'),
  enrolOpensAt: z.string(),
  enrolClosesAt: z.string(),
  capacity: z.string(),
  nairaPrice: z.string(),
});
type TCohortFields = z.input<typeof ZCohortFields>;

/** The form's fields (Lagos times, texts) as the contract's request, checked by the contract's own schema. */
const cohortForm = (courseId: number, id?: number) =>
  ZCohortFields.transform((f): z.input<typeof ZCohortSaveRequest> => ({
    ...(id ? { id } : {}),
    courseId,
    name: f.name,
    startsAt: lagosMoment(f.startsAt) ?? '',
    endsAt: lagosMoment(f.endsAt) ?? '',
    enrolOpensAt: lagosMoment(f.enrolOpensAt),
    enrolClosesAt: lagosMoment(f.enrolClosesAt),
    capacity: numberOf(f.capacity),
    nairaPrice: f.nairaPrice.trim() === '' ? null : numberOf(f.nairaPrice),
  })).pipe(ZCohortSaveRequest);

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
  const id = useId();
  const save = useSaveCohort();
  const schema = useMemo(() => cohortForm(courseId, editing?.id), [courseId, editing?.id]);
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
        toast.success(`Cohort ${res.cohort.name} saved.`);
        if (editing) onDone?.();
        else reset(fieldsOf(null));
      },
    }),
  );

  return (
    <form
      className="card cohort-form"
      aria-label={editing ? 'Edit cohort' : 'New cohort'}
      onSubmit={(e) => void onSubmit(e)}
      noValidate
    >
      <h2>{editing ? `Edit cohort ${editing.name}` : 'New cohort'}</h2>
      <TextField id={`${id}-name`} label="Name" {...field('name')} />
      <div className="cohort-form-pair">
        <TextField
          id={`${id}-starts`}
          type="datetime-local"
          label={`Starts (${LAGOS_TIME})`}
          {...field('startsAt')}
        />
        <TextField
          id={`${id}-ends`}
          type="datetime-local"
          label={`Ends (${LAGOS_TIME})`}
          {...field('endsAt')}
        />
      </div>
      <div className="cohort-form-pair">
        <TextField
          id={`${id}-enrol-opens`}
          type="datetime-local"
          label={`Enrolment opens (${LAGOS_TIME})`}
          {...field('enrolOpensAt')}
        />
        <TextField
          id={`${id}-enrol-closes`}
          type="datetime-local"
          label={`Enrolment closes (${LAGOS_TIME})`}
          {...field('enrolClosesAt')}
        />
      </div>
      <p className="muted cohort-form-note">
        The enrolment window is optional: left empty, it opens now and closes when the cohort starts.
      </p>
      <div className="cohort-form-pair">
        <TextField
          id={`${id}-capacity`}
          type="number"
          min={1}
          step={1}
          inputMode="numeric"
          label="Capacity (seats)"
          {...field('capacity')}
        />
        <TextField
          id={`${id}-price`}
          type="number"
          min={0}
          step="0.01"
          inputMode="decimal"
          label="Price of this cohort (₦, optional)"
          {...field('nairaPrice')}
        />
      </div>
      <SaveActions
        error={save.isError ? refusalMessage(save.error, GENERIC_ERROR) : null}
        pending={save.isPending}
        editing={editing !== null}
        createLabel="Create cohort"
        onCancel={onDone}
      />
    </form>
  );
}
