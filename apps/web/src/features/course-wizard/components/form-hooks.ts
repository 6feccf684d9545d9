import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import type { TUploadType } from '@app/contract/media';
import type {
  FieldErrors,
  FieldValues,
  Path,
  PathValue,
  DefaultValues,
  UseFormGetValues,
  UseFormSetValue,
  UseFormWatch,
} from 'react-hook-form';

/** Reports every change of the form, so the wizard can keep it in its draft (`courseData`). */
export function useReportChanges<T extends FieldValues>(
  watch: UseFormWatch<T>,
  getValues: UseFormGetValues<T>,
  onChange: ((values: T) => void) | undefined,
) {
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });
  useEffect(() => {
    const sub = watch(() => onChangeRef.current?.({ ...getValues() }));
    return () => sub.unsubscribe();
  }, [watch, getValues]);
}

/**
 * The form's uploads in flight: `track(name)` is an UploadField's onBusyChange; `hold()` refuses a submit while one
 * runs and shows `waiting` ('wizard.waitForUploads') until they have all finished.
 */
export type UploadGate = ReturnType<typeof useUploadGate>;

export function useUploadGate() {
  const [busy, setBusy] = useState<Record<string, boolean>>({});
  const [waiting, setWaiting] = useState(false);
  const uploading = Object.values(busy).some(Boolean);
  useEffect(() => {
    if (!uploading) setWaiting(false);
  }, [uploading]);
  return {
    track: (name: string) => (b: boolean) => setBusy((s) => ({ ...s, [name]: b })),
    hold: () => {
      if (uploading) setWaiting(true);
      return uploading;
    },
    waiting,
  };
}

/**
 * The props of the form's UploadFields: `upload(type, url, fileName)` keeps the uploaded file's url in the form field
 * `url` (its error shown under the upload) and its name in `fileName`, validating the url with `validate`; given
 * `cleared`, the upload can be removed. `uploads` tracks it under `type`, so a submit waits for it.
 */
export function uploadFieldsOf<T extends FieldValues>(
  { values, errors, setValue }: { values: T; errors: FieldErrors<T>; setValue: UseFormSetValue<T> },
  uploads: UploadGate,
) {
  return <U extends Path<T> & keyof T, N extends Path<T> & keyof T>(
    type: TUploadType,
    url: U,
    fileName: N,
    { validate = false, cleared }: { validate?: boolean; cleared?: PathValue<T, U> & PathValue<T, N> } = {},
  ) => ({
    type,
    value: values[url] as string | null | undefined,
    fileName: values[fileName] as string | null | undefined,
    error: errors[url]?.message as string | undefined,
    onBusyChange: uploads.track(type),
    onUploaded: (file: { url: string; fileName: string }) => {
      setValue(fileName, file.fileName as PathValue<T, N>);
      setValue(url, file.url as PathValue<T, U>, validate ? { shouldValidate: true } : undefined);
    },
    onClear:
      cleared === undefined
        ? undefined
        : () => {
            setValue(fileName, cleared);
            setValue(url, cleared);
          },
  });
}

/**
 * A form of the wizard over `schema`: react-hook-form's `form` starting from `initial`, its current `values`, every
 * change reported to `onChange` (the draft), and its uploads (`upload` for the UploadFields, `uploads` to hold a
 * submit while one runs).
 */
export function useWizardForm<T extends FieldValues>(
  schema: z.ZodType<T, T>,
  initial: T,
  onChange: ((values: T) => void) | undefined,
) {
  const form = useForm<T>({ resolver: zodResolver(schema), defaultValues: initial as DefaultValues<T> });
  const uploads = useUploadGate();
  useReportChanges(form.watch, form.getValues, onChange);
  const values = useWatch({ control: form.control }) as T;
  const upload = uploadFieldsOf({ values, errors: form.formState.errors, setValue: form.setValue }, uploads);
  return { form, values, uploads, upload };
}
