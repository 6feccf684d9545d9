import { useDownloads } from '@/lib/offline/downloads.ts';
import { useT } from '@/lib/i18n/index.ts';

/** The outline's mark of a lesson stored on this device. */
export function DownloadedMark({ seriesId }: { seriesId: number }) {
  const t = useT();
  const done = useDownloads()?.some((d) => d.seriesId === seriesId && d.state === 'done');
  if (!done) return null;
  return (
    <span
      className="outline-downloaded"
      role="img"
      aria-label={t('player.downloadedMark')}
      title={t('player.download.downloaded')}
    >
      <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
        <path
          fill="currentColor"
          d="M11 3h2v9.2l3.3-3.3 1.4 1.4L12 16l-5.7-5.7 1.4-1.4 3.3 3.3zM5 18h14v2H5z"
        />
      </svg>
    </span>
  );
}
