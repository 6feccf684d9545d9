import { useId } from 'react';
import { PAYMENT_CHANNELS, type TPaymentChannel } from '@app/contract/payment-rules';
import { CHANNEL_LABELS } from '@/lib/order-text.ts';

const HINTS: Record<TPaymentChannel, string> = {
  card: 'Pay now with your debit card.',
  bank_transfer: 'Send the money to a one-off account number. It can take a few minutes to arrive.',
  ussd: 'Dial a code from your phone and approve the payment with your bank.',
};

/** How the student will pay: a radio group of the payment channels (arrow keys move between them). */
export function ChannelPicker({
  value,
  onChange,
  disabled,
}: {
  value: TPaymentChannel;
  onChange: (channel: TPaymentChannel) => void;
  disabled?: boolean;
}) {
  const name = useId();
  return (
    <fieldset className="cart-channels" disabled={disabled}>
      <legend>How will you pay?</legend>
      {PAYMENT_CHANNELS.map((channel) => (
        <label key={channel} className="cart-channel">
          <input
            type="radio"
            name={name}
            value={channel}
            checked={value === channel}
            onChange={() => onChange(channel)}
            aria-describedby={`${name}-${channel}`}
          />
          <span className="cart-channel-text">
            <span className="cart-channel-name">{CHANNEL_LABELS[channel]}</span>
            <span className="cart-channel-hint" id={`${name}-${channel}`}>
              {HINTS[channel]}
            </span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
