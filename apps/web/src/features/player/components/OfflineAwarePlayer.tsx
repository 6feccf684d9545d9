import type { ComponentProps } from 'react';
import { maskEmail } from '@app/contract/watermark';
import { useOnline } from '@/lib/online.ts';
import { offlineSeries, useDownloads } from '@/lib/offline/downloads.ts';
import { LessonPlayer } from './LessonPlayer.tsx';
import { useT } from '@/lib/i18n/index.ts';

/**
 * The lesson player, fed from the device when the lesson is downloaded (the network is never asked for it), and a
 * plain message instead of a failure when it is not and there is no connection.
 */
export function OfflineAwarePlayer(props: ComponentProps<typeof LessonPlayer>) {
  const t = useT();
  const downloads = useDownloads();
  const online = useOnline();
  if (downloads === null) return <p className="player-screen player-message">{t('common.loading')}</p>;
  const record = downloads.find((d) => d.seriesId === props.lesson.id && d.state === 'done');
  if (record)
    return (
      <LessonPlayer
        {...props}
        lesson={offlineSeries(props.lesson, record)}
        offlineViewer={t('player.offlineMark', {
          viewer: maskEmail(record.owner) ?? t('player.offlineViewer'),
        })}
      />
    );
  if (!online)
    return (
      <div className="player-screen player-message" role="status">
        <p>{t('player.notDownloaded')}</p>
      </div>
    );
  return <LessonPlayer {...props} />;
}
