import { useEffect, useRef, useState } from 'react';
import type {
  FieldValues,
  Path,
  PathValue,
  UseFormGetValues,
  UseFormSetValue,
  UseFormWatch,
} from 'react-hook-form';

export const WAIT_FOR_UPLOADS = 'Please wait for the upload to finish.';

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
 * runs and shows `waiting` (WAIT_FOR_UPLOADS) until they have all finished.
 */
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
 * An UploadField's onUploaded (and, given `cleared`, its onClear) that keep the uploaded file's name in the form
 * field `fileName` and its url in `url`, validating the url with `validate`.
 */
export function uploadInto<T extends FieldValues, U extends Path<T>, N extends Path<T>>(
  setValue: UseFormSetValue<T>,
  url: U,
  fileName: N,
  { validate = false, cleared }: { validate?: boolean; cleared?: PathValue<T, U> & PathValue<T, N> } = {},
) {
  return {
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
  };
}
