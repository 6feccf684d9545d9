import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { TextField } from '../../../components/form/FormField.tsx';
import { UploadField } from '../../../components/UploadField.tsx';
import { ZSeriesForm, type SeriesDraft } from '../course-form.ts';
import { useReportChanges, useUploadGate, WAIT_FOR_UPLOADS } from './form-hooks.ts';

/** One series: a title, its video (uploaded on selection) and an optional resource file. */
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
  const {
    register,
    handleSubmit,
    setValue,
    getValues,
    watch,
    control,
    formState: { errors },
  } = useForm<SeriesDraft>({ resolver: zodResolver(ZSeriesForm), defaultValues: initial });
  const uploads = useUploadGate();
  useReportChanges(watch, getValues, onChange);
  const values = useWatch({ control }) as SeriesDraft;

  const submit = handleSubmit((v) => {
    if (!uploads.hold()) onSubmit({ ...v, title: v.title.trim() });
  });

  return (
    <form className="form series-form" onSubmit={submit} noValidate aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>{heading}</h3>
      <TextField
        id={`${id}-title`}
        label="Series title"
        error={errors.title?.message}
        {...register('title')}
      />
      <UploadField
        type="video"
        label="Series video"
        required
        value={values.videoLink}
        fileName={values.videoFile}
        error={errors.videoLink?.message}
        onBusyChange={uploads.track('video')}
        onUploaded={({ url, fileName }) => {
          setValue('videoFile', fileName);
          setValue('videoLink', url, { shouldValidate: true });
        }}
      />
      <UploadField
        type="resource"
        label="Resource file"
        value={values.resourceFile}
        fileName={values.resourceName}
        onBusyChange={uploads.track('resource')}
        onUploaded={({ url, fileName }) => {
          setValue('resourceName', fileName);
          setValue('resourceFile', url);
        }}
        onClear={() => {
          setValue('resourceName', null);
          setValue('resourceFile', null);
        }}
      />
      {uploads.waiting && (
        <p className="field-error" role="alert">
          {WAIT_FOR_UPLOADS}
        </p>
      )}
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
