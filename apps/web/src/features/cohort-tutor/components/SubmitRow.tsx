import type { ReactNode } from 'react';
import { FormAlert } from '@/components/form/FormAlert.tsx';
import { GENERIC_ERROR, refusalMessage } from '@/lib/messages.ts';

/**
 * The foot of a form that runs `mutation`: the server's refusal under the fields, and the submit button (its busy
 * label while it runs), with `children` beside it (a Cancel).
 */
export function SubmitRow({
  mutation,
  label,
  busyLabel = 'Saving...',
  outline = false,
  children,
}: {
  mutation: { isPending: boolean; isError: boolean; error: unknown };
  label: string;
  busyLabel?: string;
  outline?: boolean;
  children?: ReactNode;
}) {
  return (
    <>
      <FormAlert message={mutation.isError && refusalMessage(mutation.error, GENERIC_ERROR)} />
      <div className="row-actions">
        <button type="submit" className={outline ? 'btn btn-outline' : 'btn'} disabled={mutation.isPending}>
          {mutation.isPending ? busyLabel : label}
        </button>
        {children}
      </div>
    </>
  );
}
