import { useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { LIVE_PROVIDERS, type TLiveProvider } from '@app/contract/cohort-rules';
import { ZLiveSessionSaveRequest } from '@app/contract/cohorts';
import { fieldOf } from '@/components/form/field-of.ts';
import { SelectField, TextField } from '@/components/form/FormField.tsx';
import { useT, type Translate } from '@/lib/i18n/index.ts';
import { useSaveSession } from '../api/cohorts.ts';
import { lagosZone } from '../cohort-text.ts';
import type { ZLiveSessionDto } from '@app/contract/cohorts';
import { lagosField, lagosMoment, numberOf, ZLagosField } from '../lagos-form.ts';
import { SubmitRow } from './SubmitRow.tsx';

/** A meeting engine's name: the products keep theirs, a plain link is said in the app's language. */
export const providerLabel = (p: TLiveProvider, t: Translate): string =>
  p === 'jitsi' ? 'Jitsi Meet' : p === 'bbb' ? 'BigBlueButton' : t('cohortTutor.session.providerLink');

const sessionFields = (t: Translate) =>
  z.object({
    title: z.string(),
    startsAt: ZLagosField(t('cohortTutor.session.startsMissing')),
    durationMinutes: z.string(),
    provider: z.enum(LIVE_PROVIDERS),
    link: z.string(),
  });
type TSessionFields = z.input<ReturnType<typeof sessionFields>>;

type TSession = z.infer<typeof ZLiveSessionDto>;

/**
 * The form's fields as the save request. A session being changed (`editing`) keeps its meeting link when the field is
 * left empty (the server never shows the link back).
 */
const sessionForm = (t: Translate, cohortId: number, editing?: TSession) =>
  sessionFields(t)
    .transform((f): z.input<typeof ZLiveSessionSaveRequest> => {
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
      error: t('cohortTutor.session.linkMissing'),
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
  const t = useT();
  const id = useId();
  const save = useSaveSession();
  const schema = useMemo(() => sessionForm(t, cohortId, editing), [t, cohortId, editing]);
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
          toast.success(t('cohortTutor.session.changed', { title: res.session.title }));
          onDone?.();
          return;
        }
        toast.success(t('cohortTutor.session.scheduled', { title: res.session.title }));
        reset(EMPTY);
      },
    }),
  );

  return (
    <form
      className="card cohort-form"
      aria-label={
        editing
          ? t('cohortTutor.session.changeLabel', { title: editing.title })
          : t('cohortTutor.session.newLabel')
      }
      onSubmit={(e) => void onSubmit(e)}
      noValidate
    >
      <h3>
        {editing
          ? t('cohortTutor.session.changeLabel', { title: editing.title })
          : t('cohortTutor.session.newTitle')}
      </h3>
      <TextField id={`${id}-title`} label={t('cohortTutor.field.title')} {...field('title')} />
      <div className="cohort-form-pair">
        <TextField
          id={`${id}-starts`}
          type="datetime-local"
          label={t('cohortTutor.startsZone', { zone: lagosZone(t) })}
          {...field('startsAt')}
        />
        <TextField
          id={`${id}-duration`}
          type="number"
          min={5}
          max={600}
          step={5}
          inputMode="numeric"
          label={t('cohortTutor.session.durationField')}
          {...field('durationMinutes')}
        />
      </div>
      <SelectField id={`${id}-provider`} label={t('cohortTutor.session.meeting')} {...field('provider')}>
        {LIVE_PROVIDERS.map((p) => (
          <option key={p} value={p}>
            {providerLabel(p, t)}
          </option>
        ))}
      </SelectField>
      {provider === 'link' && (
        <TextField
          id={`${id}-link`}
          type="url"
          inputMode="url"
          placeholder={editing?.provider === 'link' ? t('cohortTutor.session.keepLink') : 'https://'}
          label={t('cohortTutor.session.linkField')}
          {...field('link')}
        />
      )}
      <SubmitRow
        mutation={save}
        label={editing ? t('cohortTutor.session.saveChanges') : t('cohortTutor.session.schedule')}
      >
        {editing && (
          <button type="button" className="btn btn-outline" onClick={onDone} disabled={save.isPending}>
            {t('cohortTutor.cancel')}
          </button>
        )}
      </SubmitRow>
    </form>
  );
}
