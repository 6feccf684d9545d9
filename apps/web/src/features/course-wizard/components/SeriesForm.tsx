import { useId } from 'react';
import { fieldOf } from '@/components/form/field-of.ts';
import { TextField } from '@/components/form/FormField.tsx';
import { UploadField } from '@/components/UploadField.tsx';
import { useVideoStatus } from '@/features/course-wizard/api/video-status.ts';
import { ZSeriesForm, type SeriesDraft } from '@/features/course-wizard/course-form.ts';
import { useWizardForm, WAIT_FOR_UPLOADS } from './form-hooks.ts';
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
  const id = useId();
  const { form, values, uploads, upload } = useWizardForm(ZSeriesForm, initial, onChange);
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
      <TextField id={`${id}-title`} label="Series title" {...fieldOf(register, errors)('title')} />
      <UploadField
        label="Series video"
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
        <label htmlFor={`${id}-preview`}>Free preview</label>
        <span id={`${id}-preview-hint`} className="muted">
          Anyone may watch this lesson before buying the course.
        </span>
      </div>
      <UploadField
        label="Resource file"
        {...upload('resource', 'resourceFile', 'resourceName', { cleared: null })}
      />
      <FormAlert message={uploads.waiting && WAIT_FOR_UPLOADS} className="field-error" />
      <div className="wizard-actions">
        {onCancel && (
          <button type="button" className="btn btn-outline" onClick={onCancel}>
            Cancel
          </button>
        )}
        <button type="submit" className="btn">
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
