import { useEffect, useRef, useState } from 'react';
import type { FieldValues, UseFormGetValues, UseFormWatch } from 'react-hook-form';

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
