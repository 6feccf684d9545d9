import type { ReactNode } from 'react';
import { FormAlert } from '@/components/form/FormAlert.tsx';
import { useT } from '@/lib/i18n/index.ts';
import { genericError, refusalMessage } from '@/lib/messages.ts';

/**
 * The foot of a form that runs `mutation`: the server's refusal under the fields, and the submit button (its busy
 * label while it runs, "Saving..." unless told), with `children` beside it (a Cancel).
 */
export function SubmitRow({
  mutation,
  label,
  busyLabel,
  outline = false,
  children,
}: {
  mutation: { isPending: boolean; isError: boolean; error: unknown };
  label: string;
  busyLabel?: string;
  outline?: boolean;
  children?: ReactNode;
}) {
  const t = useT();
  return (
    <>
      <FormAlert message={mutation.isError && refusalMessage(mutation.error, genericError())} />
      <div className="row-actions">
        <button type="submit" className={outline ? 'btn btn-outline' : 'btn'} disabled={mutation.isPending}>
          {mutation.isPending ? (busyLabel ?? t('cohortTutor.saving')) : label}
        </button>
        {children}
      </div>
    </>
  );
}
