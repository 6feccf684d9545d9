import { useId } from 'react';
import { PAYMENT_CHANNELS, type TPaymentChannel } from '@app/contract/payment-rules';
import { CHANNEL_LABELS } from '@/lib/order-text.ts';
import { useT } from '@/lib/i18n/index.ts';

/** Each channel's hint: its catalog key. */
const HINTS: Record<TPaymentChannel, string> = {
  card: 'cartPanel.channelHint.card',
  bank_transfer: 'cartPanel.channelHint.bankTransfer',
  ussd: 'cartPanel.channelHint.ussd',
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
  const t = useT();
  const name = useId();
  return (
    <fieldset className="cart-channels" disabled={disabled}>
      <legend>{t('cartPanel.channelLegend')}</legend>
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
              {t(HINTS[channel])}
            </span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
