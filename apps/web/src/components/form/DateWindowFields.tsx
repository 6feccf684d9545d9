import { lagosTime } from '@/lib/dates.ts';
import { useT } from '@/lib/i18n/index.ts';

/**
 * The Starts and Ends fields of something that runs for a while (a coupon, a sale), in Lagos time whatever the
 * browser's zone (values from `lagosInput`, read back with `fromLagosInput`), as the lists show them.
 */
export function DateWindowFields({
  startsAt,
  endsAt,
  onStartsAt,
  onEndsAt,
}: {
  startsAt: string;
  endsAt: string;
  onStartsAt: (value: string) => void;
  onEndsAt: (value: string) => void;
}) {
  const t = useT();
  return (
    <>
      <label>
        {t('dateWindow.starts', { zone: lagosTime() })}
        <input type="datetime-local" value={startsAt} onChange={(e) => onStartsAt(e.target.value)} required />
      </label>
      <label>
        {t('dateWindow.ends', { zone: lagosTime() })}
        <input type="datetime-local" value={endsAt} onChange={(e) => onEndsAt(e.target.value)} required />
      </label>
    </>
  );
}
