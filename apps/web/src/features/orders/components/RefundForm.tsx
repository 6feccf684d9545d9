import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { ZRefundRequest } from '@app/contract/orders';
import { FormAlert } from '@/components/form/FormAlert.tsx';
import { TextAreaField } from '@/components/form/FormField.tsx';
import { genericError, refusalMessage } from '@/lib/messages.ts';
import { t as translate, useT } from '@/lib/i18n/index.ts';
import { useRequestRefund } from '../api/orders.ts';

const ZRefundForm = z.object({
  reason: z
    .string()
    .trim()
    .min(1, { error: () => translate('orders.refundForm.reasonRequired') })
    .pipe(ZRefundRequest.shape.reason),
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
  const t = useT();
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
          toast.success(translate('orders.refundForm.sent'));
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
      aria-label={t('orders.refundForm.label', { title })}
    >
      <TextAreaField
        id={`${id}-reason`}
        label={t('orders.refundForm.reason')}
        rows={3}
        maxLength={1000}
        autoFocus
        error={errors.reason?.message}
        alert
        {...register('reason')}
      />
      <FormAlert message={ask.isError && refusalMessage(ask.error, genericError())} />
      <div className="refund-form-actions">
        <button type="button" className="btn btn-outline" onClick={onDone} disabled={ask.isPending}>
          {t('orders.refundForm.cancel')}
        </button>
        <button type="submit" className="btn" disabled={ask.isPending}>
          {ask.isPending ? t('common.sending') : t('orders.refundForm.send')}
        </button>
      </div>
    </form>
  );
}
