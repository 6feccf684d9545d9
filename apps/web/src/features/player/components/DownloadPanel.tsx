import { useState } from 'react';
import { Link } from '@/components/Link.tsx';
import type { TCourseDto, TSeriesDto } from '@app/contract/courses';
import { useOnline } from '@/lib/online.ts';
import {
  deleteDownloads,
  DOWNLOAD_HEIGHTS,
  downloadLessons,
  downloadPercent,
  formatBytes,
  useDownloads,
  type DownloadRecord,
} from '@/lib/offline/downloads.ts';
import { loadDataSaver } from '@/features/player/prefs.ts';
import { useT } from '@/lib/i18n/index.ts';
import './downloads.css';
import { translateRefusal } from '@/lib/i18n/refusals.ts';

type Lesson = { series: TSeriesDto; number: number };

/** The rendition a download at `height` would fetch: that height, else the tallest below, else the smallest. */
function renditionAt(series: TSeriesDto, height: number) {
  const sorted = [...series.renditions].sort((a, b) => a.height - b.height);
  return sorted.filter((r) => r.height <= height).pop() ?? sorted[0];
}

/**
 * An owner's downloads of the course: the quality (240p or 360p), each lesson's Download button with its size from
 * the rendition's bytes (known before anything is fetched), 'Download all', and each download's progress.
 */
export function DownloadPanel({ course }: { course: TCourseDto }) {
  const t = useT();
  const downloads = useDownloads();
  const online = useOnline();
  const [height, setHeight] = useState<number>(() => (loadDataSaver() ? 240 : 360));
  const lessons: Lesson[] = course.sectionDto
    .flatMap((s) => s.seriesList)
    .map((series, i) => ({ series, number: i + 1 }));
  const byId = new Map((downloads ?? []).map((d) => [d.seriesId, d]));
  const ready = (l: Lesson) => !!l.series.hlsLink && l.series.renditions.length > 0;
  const missing = lessons.filter((l) => ready(l) && !byId.has(l.series.id));
  const missingBytes = missing.reduce((n, l) => n + (renditionAt(l.series, height)?.bytes ?? 0), 0);
  const start = (chosen: Lesson[]) => void downloadLessons(course, chosen, height);

  return (
    <section className="card download-panel" aria-labelledby="download-panel-title">
      <div className="download-head">
        <h2 id="download-panel-title">{t('player.download.title')}</h2>
        <label>
          {t('player.download.quality')}{' '}
          <select value={String(height)} onChange={(e) => setHeight(Number(e.target.value))}>
            {DOWNLOAD_HEIGHTS.map((h) => (
              <option key={h} value={String(h)}>
                {h}p
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="btn btn-outline"
          disabled={!online || downloads === null || missing.length === 0}
          onClick={() => start(missing)}
        >
          {missing.length > 0
            ? t('player.download.allSize', { size: formatBytes(missingBytes) })
            : t('player.download.all')}
        </button>
      </div>
      <ol className="download-list">
        {lessons.map((lesson) => (
          <li key={lesson.series.id}>
            <span className="download-title">
              {lesson.number}. {lesson.series.title}
            </span>
            <LessonDownload
              lesson={lesson}
              record={byId.get(lesson.series.id)}
              bytes={renditionAt(lesson.series, height)?.bytes ?? null}
              canStart={online && downloads !== null && ready(lesson)}
              onStart={() => start([lesson])}
            />
          </li>
        ))}
      </ol>
      <Link to="/home/downloads" className="download-manage">
        {t('player.download.manage')}
      </Link>
    </section>
  );
}

function LessonDownload({
  lesson,
  record,
  bytes,
  canStart,
  onStart,
}: {
  lesson: Lesson;
  record: DownloadRecord | undefined;
  bytes: number | null;
  canStart: boolean;
  onStart: () => void;
}) {
  const t = useT();
  const title = lesson.series.title;
  if (!record) {
    if (!lesson.series.hlsLink) return <span className="muted">{t('player.download.notReady')}</span>;
    return (
      <button
        type="button"
        className="btn btn-small btn-outline"
        disabled={!canStart}
        aria-label={
          bytes
            ? t('player.download.lessonSizeLabel', { title, size: formatBytes(bytes) })
            : t('player.download.lessonLabel', { title })
        }
        onClick={onStart}
      >
        {bytes ? t('player.download.startSize', { size: formatBytes(bytes) }) : t('player.download.start')}
      </button>
    );
  }
  if (record.state === 'done')
    return (
      <span className="download-done">
        {t('player.download.done', { size: formatBytes(record.storedBytes), height: record.height })}
      </span>
    );
  if (record.state === 'failed')
    return (
      <span className="download-failed" role="alert">
        {record.error ? translateRefusal(record.error) : t('player.download.failed')}{' '}
        <button type="button" className="btn btn-small btn-outline" disabled={!canStart} onClick={onStart}>
          {t('player.download.retry')}
        </button>{' '}
        <button
          type="button"
          className="btn btn-small btn-outline"
          onClick={() => void deleteDownloads([record.seriesId])}
        >
          {t('player.download.remove')}
        </button>
      </span>
    );
  const percent = downloadPercent(record);
  return (
    <span className="download-progress">
      <progress max={100} value={percent} aria-label={t('player.download.progressLabel', { title })} />
      <span className="muted">
        {record.state === 'queued'
          ? t('player.download.queued')
          : record.state === 'waiting'
            ? t('player.download.waiting', { percent })
            : `${percent}%`}
      </span>
      <button
        type="button"
        className="btn btn-small btn-outline"
        aria-label={t('player.download.cancelLabel', { title })}
        onClick={() => void deleteDownloads([record.seriesId])}
      >
        {t('player.download.cancel')}
      </button>
    </span>
  );
}
