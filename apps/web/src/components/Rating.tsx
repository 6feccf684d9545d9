import { formatCount } from '@/lib/i18n/format.ts';
import { useT } from '@/lib/i18n/index.ts';

/** A course's rating: the average to one decimal and the number of reviews, or 'New' when it has none. */
export function Rating({ average, count }: { average: number | null; count: number }) {
  const t = useT();
  if (average == null || !count) {
    return (
      <span className="rating rating-new" title={t('rating.noReviews')}>
        {t('rating.new')}
      </span>
    );
  }
  const label = t('rating.label', { average: average.toFixed(1), count });
  return (
    <span className="rating" title={label}>
      <span className="visually-hidden">{label}</span>
      <span aria-hidden="true">
        ★ {average.toFixed(1)} <span className="rating-count">({formatCount(count)})</span>
      </span>
    </span>
  );
}
