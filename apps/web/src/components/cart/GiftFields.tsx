import { useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { TChargeRequest } from '@app/contract/payments';
import { TextAreaField, TextField } from '@/components/form/FormField.tsx';
import { useT } from '@/lib/i18n/index.ts';

/** The gift form's values (react-hook-form + `ZGiftDetails` from @app/contract). */
export type GiftValues = { name: string; email: string; message: string; sendOn: string };
export const EMPTY_GIFT: GiftValues = { name: '', email: '', message: '', sendOn: '' };

/** Today in Lagos (`YYYY-MM-DD`): the earliest send date. */
export const lagosToday = (now = new Date()) =>
  new Date(now.getTime() + 60 * 60 * 1000).toISOString().slice(0, 10);

/** The request's `gift` from the form's values (a blank date is left out: sent on payment). */
export const giftRequest = (v: GiftValues): NonNullable<TChargeRequest['gift']> => ({
  name: v.name.trim(),
  email: v.email.trim(),
  message: v.message.trim(),
  sendOn: v.sendOn || undefined,
});

/**
 * 'This is a gift': a checkbox that reveals the recipient's name and email, a message and an optional send date,
 * each with its inline error. The buyer is never enrolled by a gift (docs/payments.md, "Gifts").
 */
export function GiftFields({
  on,
  onToggle,
  form,
  disabled,
}: {
  on: boolean;
  onToggle: (on: boolean) => void;
  form: UseFormReturn<GiftValues>;
  disabled?: boolean;
}) {
  const t = useT();
  const id = useId();
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <fieldset className="cart-gift" disabled={disabled}>
      <div className="checkbox-field">
        <input id={`${id}-on`} type="checkbox" checked={on} onChange={(e) => onToggle(e.target.checked)} />
        <label htmlFor={`${id}-on`}>{t('cartPanel.giftToggle')}</label>
      </div>
      {on && (
        <div className="cart-gift-fields">
          <p className="cart-gift-note">{t('cartPanel.giftNote')}</p>
          <TextField
            id={`${id}-name`}
            label={t('cartPanel.giftName')}
            autoComplete="off"
            error={errors.name?.message}
            {...register('name')}
          />
          <TextField
            id={`${id}-email`}
            label={t('cartPanel.giftEmail')}
            type="email"
            autoComplete="off"
            error={errors.email?.message}
            {...register('email')}
          />
          <TextAreaField
            id={`${id}-message`}
            label={t('cartPanel.giftMessage')}
            rows={3}
            error={errors.message?.message}
            {...register('message')}
          />
          <TextField
            id={`${id}-date`}
            label={t('cartPanel.giftSendOn')}
            type="date"
            min={lagosToday()}
            note={<span className="cart-channel-hint">{t('cartPanel.giftSendOnHint')}</span>}
            error={errors.sendOn?.message}
            {...register('sendOn')}
          />
        </div>
      )}
    </fieldset>
  );
}
