import { useId, useMemo } from 'react';
import { fieldOf } from '@/components/form/field-of.ts';
import { TextField } from '@/components/form/FormField.tsx';
import { UploadField } from '@/components/UploadField.tsx';
import { useVideoStatus } from '@/features/course-wizard/api/video-status.ts';
import { seriesSchema, type SeriesDraft } from '@/features/course-wizard/course-form.ts';
import { useT } from '@/lib/i18n/index.ts';
import { useWizardForm } from './form-hooks.ts';
import { VideoState } from './VideoState.tsx';
import { FormAlert } from '@/components/form/FormAlert.tsx';

/**
 * One series: a title, its video (uploaded on selection, with its conversion state), an optional resource file
 * and whether it is a free preview.
 */
export function SeriesForm({
  initial,
  heading,
  submitLabel,
  onSubmit,
  onCancel,
  onChange,
}: {
  initial: SeriesDraft;
  heading: string;
  submitLabel: string;
  onSubmit: (series: SeriesDraft) => void;
  onCancel?: () => void;
  /** Every change, so the wizard can keep a half-written series in its draft. */
  onChange?: (series: SeriesDraft) => void;
}) {
  const t = useT();
  const id = useId();
  const schema = useMemo(() => seriesSchema(t), [t]);
  const { form, values, uploads, upload } = useWizardForm(schema, initial, onChange);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = form;
  const videoState = useVideoStatus([values.videoLink]).get(values.videoLink);

  const submit = handleSubmit((v) => {
    if (!uploads.hold()) onSubmit({ ...v, title: v.title.trim() });
  });

  return (
    <form className="form series-form" onSubmit={submit} noValidate aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>{heading}</h3>
      <TextField
        id={`${id}-title`}
        label={t('wizard.series.title')}
        {...fieldOf(register, errors)('title')}
      />
      <UploadField
        label={t('wizard.series.videoLabel')}
        required
        {...upload('video', 'videoLink', 'videoFile', { validate: true })}
      />
      <p role="status" className="video-state-line">
        <VideoState state={videoState} />
      </p>
      <div className="checkbox-field">
        <input
          id={`${id}-preview`}
          type="checkbox"
          aria-describedby={`${id}-preview-hint`}
          {...register('preview')}
        />
        <label htmlFor={`${id}-preview`}>{t('course.freePreview')}</label>
        <span id={`${id}-preview-hint`} className="muted">
          {t('wizard.series.previewHint')}
        </span>
      </div>
      <UploadField
        label={t('wizard.series.resourceLabel')}
        {...upload('resource', 'resourceFile', 'resourceName', { cleared: null })}
      />
      <FormAlert message={uploads.waiting && t('wizard.waitForUploads')} className="field-error" />
      <div className="wizard-actions">
        {onCancel && (
          <button type="button" className="btn btn-outline" onClick={onCancel}>
            {t('wizard.cancel')}
          </button>
        )}
        <button type="submit" className="btn">
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
