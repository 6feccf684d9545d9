import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { ZRefundRequest } from '@app/contract/orders';
import { FormAlert } from '@/components/form/FormAlert.tsx';
import { TextAreaField } from '@/components/form/FormField.tsx';
import { GENERIC_ERROR, refusalMessage } from '@/lib/messages.ts';
import { useRequestRefund } from '../api/orders.ts';

export const REASON_REQUIRED = 'Please tell us why you want a refund.';
export const REFUND_ASKED = 'Your refund request was sent. We will let you know when it is reviewed.';

const ZRefundForm = z.object({
  reason: z.string().trim().min(1, { error: REASON_REQUIRED }).pipe(ZRefundRequest.shape.reason),
});
type TRefundForm = z.input<typeof ZRefundForm>;

/** "Ask for a refund" of one course of an order: a reason, checked before it is sent. */
export function RefundForm({
  reference,
  courseId,
  title,
  onDone,
}: {
  reference: string;
  courseId: number;
  title: string;
  onDone: () => void;
}) {
  const id = useId();
  const ask = useRequestRefund();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TRefundForm, unknown, z.output<typeof ZRefundForm>>({
    resolver: zodResolver(ZRefundForm),
    defaultValues: { reason: '' },
  });

  const onSubmit = handleSubmit(({ reason }) =>
    ask.mutate(
      { reference, courseId, reason },
      {
        onSuccess: () => {
          toast.success(REFUND_ASKED);
          onDone();
        },
      },
    ),
  );

  return (
    <form
      className="refund-form"
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      aria-label={`Refund of ${title}`}
    >
      <TextAreaField
        id={`${id}-reason`}
        label="Why do you want a refund?"
        rows={3}
        maxLength={1000}
        autoFocus
        error={errors.reason?.message}
        alert
        {...register('reason')}
      />
      <FormAlert message={ask.isError && refusalMessage(ask.error, GENERIC_ERROR)} />
      <div className="refund-form-actions">
        <button type="button" className="btn btn-outline" onClick={onDone} disabled={ask.isPending}>
          Cancel
        </button>
        <button type="submit" className="btn" disabled={ask.isPending}>
          {ask.isPending ? 'Sending...' : 'Send request'}
        </button>
      </div>
    </form>
  );
}
