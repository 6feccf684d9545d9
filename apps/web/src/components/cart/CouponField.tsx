import { useEffect, useState } from 'react';
import { applyCoupon, couponStore, useCoupon } from '@/lib/coupon.ts';
import { genericError, refusalMessage } from '@/lib/messages.ts';
import { useT } from '@/lib/i18n/index.ts';
import { rich, slot } from './rich-text.tsx';

/**
 * The cart's coupon code: applied through the server for the cart's courses, applied again when the cart changes
 * (a refusal then drops it and says why), removable.
 */
export function CouponField({ courseIds, disabled }: { courseIds: number[]; disabled?: boolean }) {
  const t = useT();
  const applied = useCoupon();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const key = courseIds.join(',');

  useEffect(() => {
    if (!applied || courseIds.every((id) => id in applied.prices)) return;
    applyCoupon(applied.code, courseIds).then(
      (next) => couponStore.set(next),
      (err: unknown) => {
        couponStore.set(null);
        setError(refusalMessage(err, genericError()));
      },
    );
    // The cart's course ids (key) decide; `applied` changes with each answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      couponStore.set(await applyCoupon(code, courseIds));
      setCode('');
    } catch (err) {
      setError(refusalMessage(err, genericError()));
    } finally {
      setBusy(false);
    }
  };

  if (applied) {
    return (
      <p className="cart-coupon-applied" role="status">
        {rich(t('cartPanel.couponApplied', { code: slot('code') }), {
          code: <strong>{applied.code}</strong>,
        })}{' '}
        <button
          type="button"
          className="link-button"
          onClick={() => couponStore.set(null)}
          disabled={disabled}
        >
          {t('cartPanel.couponRemove')}
        </button>
      </p>
    );
  }
  return (
    <form className="cart-coupon" onSubmit={submit}>
      <label htmlFor="cart-coupon-code">{t('cartPanel.couponCode')}</label>
      <div className="cart-coupon-row">
        <input
          id="cart-coupon-code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          maxLength={20}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'cart-coupon-error' : undefined}
        />
        <button
          type="submit"
          className="btn btn-outline"
          disabled={disabled || busy || code.trim().length < 4}
        >
          {t('cartPanel.couponApply')}
        </button>
      </div>
      {error && (
        <p id="cart-coupon-error" className="field-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
