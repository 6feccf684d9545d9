import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { shownPrice } from '@app/contract/money';
import { applyCoupon, couponStore, useCoupon } from '@/lib/coupon.ts';
import { genericError, refusalMessage } from '@/lib/messages.ts';
import { formatNaira } from '@/lib/money.ts';
import { useT } from '@/lib/i18n/index.ts';

/**
 * The course page's price: struck through with the saving when a coupon applies to it. A coupon link
 * (`/course/{id}?coupon=CODE`) applies its code here, and the cart keeps it for the checkout.
 */
export function CoursePrice({
  courseId,
  price,
  salePrice,
}: {
  courseId: number;
  price: number;
  /** The price in a live site-wide sale; a coupon shows only when it is lower (they never stack). */
  salePrice?: number | null;
}) {
  const t = useT();
  const [params] = useSearchParams();
  const linkCode = params.get('coupon');
  const applied = useCoupon();
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!linkCode) return;
    let live = true;
    applyCoupon(linkCode, [courseId]).then(
      (next) => {
        const kept = couponStore.get();
        couponStore.set(
          kept?.code === next.code ? { ...next, prices: { ...kept.prices, ...next.prices } } : next,
        );
      },
      (err: unknown) => live && setError(refusalMessage(err, genericError())),
    );
    return () => {
      live = false;
    };
  }, [linkCode, courseId]);

  const shown = shownPrice({ nairaPrice: price, salePrice }, applied?.prices[courseId]);
  if (shown.was === null) {
    return (
      <>
        <p className="course-detail-price">{formatNaira(shown.pays)}</p>
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
      </>
    );
  }
  return (
    <>
      <p className="course-detail-price">
        <s className="price-was" aria-label={t('price.was', { price: formatNaira(shown.was) })}>
          {formatNaira(shown.was)}
        </s>{' '}
        {formatNaira(shown.pays)}
      </p>
      <p className="course-saving" role="status">
        {shown.by === 'coupon' && applied
          ? t('price.youSaveCoupon', { amount: formatNaira(shown.was - shown.pays), code: applied.code })
          : t('price.youSaveSale', { amount: formatNaira(shown.was - shown.pays) })}
      </p>
    </>
  );
}
