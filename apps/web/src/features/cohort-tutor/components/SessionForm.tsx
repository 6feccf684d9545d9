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
import { lagosMoment, numberOf, ZLagosField } from '../lagos-form.ts';
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

const sessionForm = (cohortId: number) =>
  ZSessionFields.transform((f): z.input<typeof ZLiveSessionSaveRequest> => ({
    cohortId,
    title: f.title,
    startsAt: lagosMoment(f.startsAt) ?? '',
    durationMinutes: numberOf(f.durationMinutes),
    provider: f.provider,
    link: f.provider === 'link' ? f.link.trim() || null : null,
  }))
    .pipe(ZLiveSessionSaveRequest)
    .refine((s) => s.provider !== 'link' || !!s.link, { error: 'Paste the meeting link.', path: ['link'] });

const EMPTY: TSessionFields = { title: '', startsAt: '', durationMinutes: '60', provider: 'link', link: '' };

/** Schedules a live session of the cohort: title, start (Lagos time), duration and meeting engine. */
export function SessionForm({ cohortId }: { cohortId: number }) {
  const id = useId();
  const save = useSaveSession();
  const schema = useMemo(() => sessionForm(cohortId), [cohortId]);
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors },
  } = useForm<TSessionFields, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: EMPTY,
  });
  const field = fieldOf(register, errors);
  const provider = watch('provider');
  const onSubmit = handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: (res) => {
        toast.success(`Live session ${res.session.title} scheduled.`);
        reset(EMPTY);
      },
    }),
  );

  return (
    <form
      className="card cohort-form"
      aria-label="New live session"
      onSubmit={(e) => void onSubmit(e)}
      noValidate
    >
      <h3>Schedule a live session</h3>
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
          placeholder="https://"
          label="Meeting link (https)"
          {...field('link')}
        />
      )}
      <SubmitRow mutation={save} label={'Schedule session'} />
    </form>
  );
}
