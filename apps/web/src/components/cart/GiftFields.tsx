import { useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { TChargeRequest } from '@app/contract/payments';
import { TextAreaField, TextField } from '@/components/form/FormField.tsx';

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
  const id = useId();
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <fieldset className="cart-gift" disabled={disabled}>
      <div className="checkbox-field">
        <input id={`${id}-on`} type="checkbox" checked={on} onChange={(e) => onToggle(e.target.checked)} />
        <label htmlFor={`${id}-on`}>This is a gift</label>
      </div>
      {on && (
        <div className="cart-gift-fields">
          <p className="cart-gift-note">
            You pay and they learn: we email them a link to redeem the course. You are not enrolled.
          </p>
          <TextField
            id={`${id}-name`}
            label="Recipient's name"
            autoComplete="off"
            error={errors.name?.message}
            {...register('name')}
          />
          <TextField
            id={`${id}-email`}
            label="Recipient's email"
            type="email"
            autoComplete="off"
            error={errors.email?.message}
            {...register('email')}
          />
          <TextAreaField
            id={`${id}-message`}
            label="Message (optional)"
            rows={3}
            error={errors.message?.message}
            {...register('message')}
          />
          <TextField
            id={`${id}-date`}
            label="Send on (optional)"
            type="date"
            min={lagosToday()}
            note={
              <span className="cart-channel-hint">
                Leave it empty to send the gift as soon as you have paid.
              </span>
            }
            error={errors.sendOn?.message}
            {...register('sendOn')}
          />
        </div>
      )}
    </fieldset>
  );
}
