import { useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { LIVE_PROVIDERS, type TLiveProvider } from '@app/contract/cohort-rules';
import { ZLiveSessionSaveRequest } from '@app/contract/cohorts';
import { fieldOf } from '@/components/form/field-of.ts';
import { SelectField, TextField } from '@/components/form/FormField.tsx';
import { LAGOS_TIME } from '@/lib/dates.ts';
import { useSaveSession } from '../api/cohorts.ts';
import type { ZLiveSessionDto } from '@app/contract/cohorts';
import { lagosField, lagosMoment, numberOf, ZLagosField } from '../lagos-form.ts';
import { SubmitRow } from './SubmitRow.tsx';

export const PROVIDER_LABELS: Record<TLiveProvider, string> = {
  jitsi: 'Jitsi Meet',
  bbb: 'BigBlueButton',
  link: 'A meeting link',
};

const ZSessionFields = z.object({
  title: z.string(),
  startsAt: ZLagosField('Enter when the session starts.'),
  durationMinutes: z.string(),
  provider: z.enum(LIVE_PROVIDERS),
  link: z.string(),
});
type TSessionFields = z.input<typeof ZSessionFields>;

type TSession = z.infer<typeof ZLiveSessionDto>;

/**
 * The form's fields as the save request. A session being changed (`editing`) keeps its meeting link when the field is
 * left empty (the server never shows the link back).
 */
const sessionForm = (cohortId: number, editing?: TSession) =>
  ZSessionFields.transform((f): z.input<typeof ZLiveSessionSaveRequest> => {
    const link = f.link.trim();
    const keepLink = editing?.provider === 'link' && f.provider === 'link' && !link;
    return {
      ...(editing ? { id: editing.id } : {}),
      cohortId,
      title: f.title,
      startsAt: lagosMoment(f.startsAt) ?? '',
      durationMinutes: numberOf(f.durationMinutes),
      provider: f.provider,
      ...(keepLink ? {} : { link: f.provider === 'link' ? link || null : null }),
    };
  })
    .pipe(ZLiveSessionSaveRequest)
    .refine((s) => s.provider !== 'link' || s.link !== null, {
      error: 'Paste the meeting link.',
      path: ['link'],
    });

const EMPTY: TSessionFields = { title: '', startsAt: '', durationMinutes: '60', provider: 'link', link: '' };

const fieldsOf = (s: TSession): TSessionFields => ({
  title: s.title,
  startsAt: lagosField(s.startsAt),
  durationMinutes: String(s.durationMinutes),
  provider: s.provider,
  link: '',
});

/**
 * Schedules a live session of the cohort: title, start (Lagos time), duration and meeting engine. With `editing`,
 * changes that session instead (its reminders follow the new time), and `onDone` closes the form.
 */
export function SessionForm({
  cohortId,
  editing,
  onDone,
}: {
  cohortId: number;
  editing?: TSession;
  onDone?: () => void;
}) {
  const id = useId();
  const save = useSaveSession();
  const schema = useMemo(() => sessionForm(cohortId, editing), [cohortId, editing]);
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors },
  } = useForm<TSessionFields, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: editing ? fieldsOf(editing) : EMPTY,
  });
  const field = fieldOf(register, errors);
  const provider = watch('provider');
  const onSubmit = handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: (res) => {
        if (editing) {
          toast.success(`Live session ${res.session.title} changed.`);
          onDone?.();
          return;
        }
        toast.success(`Live session ${res.session.title} scheduled.`);
        reset(EMPTY);
      },
    }),
  );

  return (
    <form
      className="card cohort-form"
      aria-label={editing ? `Change ${editing.title}` : 'New live session'}
      onSubmit={(e) => void onSubmit(e)}
      noValidate
    >
      <h3>{editing ? `Change ${editing.title}` : 'Schedule a live session'}</h3>
      <TextField id={`${id}-title`} label="Title" {...field('title')} />
      <div className="cohort-form-pair">
        <TextField
          id={`${id}-starts`}
          type="datetime-local"
          label={`Starts (${LAGOS_TIME})`}
          {...field('startsAt')}
        />
        <TextField
          id={`${id}-duration`}
          type="number"
          min={5}
          max={600}
          step={5}
          inputMode="numeric"
          label="Duration (minutes)"
          {...field('durationMinutes')}
        />
      </div>
      <SelectField id={`${id}-provider`} label="Meeting" {...field('provider')}>
        {LIVE_PROVIDERS.map((p) => (
          <option key={p} value={p}>
            {PROVIDER_LABELS[p]}
          </option>
        ))}
      </SelectField>
      {provider === 'link' && (
        <TextField
          id={`${id}-link`}
          type="url"
          inputMode="url"
          placeholder={editing?.provider === 'link' ? 'Leave empty to keep the current link' : 'https://'}
          label="Meeting link (https)"
          {...field('link')}
        />
      )}
      <SubmitRow mutation={save} label={editing ? 'Save changes' : 'Schedule session'}>
        {editing && (
          <button type="button" className="btn btn-outline" onClick={onDone} disabled={save.isPending}>
            Cancel
          </button>
        )}
      </SubmitRow>
    </form>
  );
}
