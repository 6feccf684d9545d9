import { useCallback, useEffect, useState } from 'react';
import { Link } from '@/components/Link.tsx';
import { EmptyState } from '@/components/EmptyState.tsx';
import {
  deleteDownloads,
  downloadPercent,
  formatBytes,
  storageEstimate,
  useDownloads,
  type DownloadRecord,
} from '@/lib/offline/downloads.ts';
import { LICENCE_DAYS } from '@/lib/offline/licence.ts';
import { clearDownloadsNotice, downloadsNotice } from '@/lib/offline/start.ts';
import { dateFormat } from '@/lib/i18n/format.ts';
import { useT } from '@/lib/i18n/index.ts';
import './downloads.css';
import { translateRefusal } from '@/lib/i18n/refusals.ts';

type CourseGroup = { courseId: number; title: string; lessons: DownloadRecord[] };

function byCourse(records: DownloadRecord[]): CourseGroup[] {
  const groups = new Map<number, CourseGroup>();
  for (const r of records) {
    const g = groups.get(r.courseId) ?? { courseId: r.courseId, title: r.courseTitle, lessons: [] };
    g.lessons.push(r);
    groups.set(r.courseId, g);
  }
  return [...groups.values()];
}

const sum = (records: DownloadRecord[]) => records.reduce((n, r) => n + r.storedBytes, 0);

/** The licence's end: 30 days after the last online confirmation of ownership. */
const validUntil = (r: DownloadRecord) =>
  dateFormat({ day: 'numeric', month: 'short', year: 'numeric' }).format(
    new Date(r.confirmedAt + LICENCE_DAYS * 24 * 60 * 60 * 1000),
  );

/** `/home/downloads`: the lessons stored on this device, by course, their sizes, the total and the browser's quota. */
export default function DownloadsPage() {
  const t = useT();
  const downloads = useDownloads();
  const [estimate, setEstimate] = useState<{ usage: number; quota: number } | null>(null);
  const [notice, setNotice] = useState(downloadsNotice);
  const refresh = useCallback(() => void storageEstimate().then(setEstimate), []);
  useEffect(refresh, [refresh, downloads]);
  const remove = (ids: number[]) => void deleteDownloads(ids).then(refresh);

  return (
    <div className="page downloads">
      <h1>{t('downloads.title')}</h1>
      <p className="muted">{t('downloads.intro', { days: LICENCE_DAYS })}</p>
      {notice && (
        <div className="card downloads-notice" role="alert">
          <p>{notice}</p>
          <button
            type="button"
            className="btn btn-small btn-outline"
            onClick={() => {
              clearDownloadsNotice();
              setNotice(null);
            }}
          >
            {t('downloads.dismiss')}
          </button>
        </div>
      )}
      {downloads === null ? (
        <p className="page-loading">{t('common.loading')}</p>
      ) : (
        <>
          <dl className="downloads-space card" aria-label={t('downloads.storage')}>
            <div>
              <dt>{t('downloads.title')}</dt>
              <dd data-testid="downloads-total">{formatBytes(sum(downloads))}</dd>
            </div>
            {estimate && (
              <>
                <div>
                  <dt>{t('downloads.siteUses')}</dt>
                  <dd data-testid="storage-usage">{formatBytes(estimate.usage)}</dd>
                </div>
                <div>
                  <dt>{t('downloads.quota')}</dt>
                  <dd>{formatBytes(estimate.quota)}</dd>
                </div>
              </>
            )}
          </dl>
          {downloads.length === 0 ? (
            <EmptyState
              message={t('downloads.empty')}
              to="/home/my-courses"
              action={t('downloads.goToCourses')}
            />
          ) : (
            <>
              {byCourse(downloads).map((group) => (
                <section key={group.courseId} className="card downloads-course" aria-label={group.title}>
                  <div className="downloads-course-head">
                    <h2>{group.title}</h2>
                    <span className="muted">{formatBytes(sum(group.lessons))}</span>
                    <button
                      type="button"
                      className="btn btn-small btn-outline"
                      onClick={() => remove(group.lessons.map((l) => l.seriesId))}
                    >
                      {t('downloads.deleteCourse')}
                    </button>
                  </div>
                  <ul className="downloads-lessons">
                    {group.lessons.map((r) => (
                      <li key={r.seriesId}>
                        <Link to={`/view-course/${r.courseId}?series=${r.seriesId}`}>
                          {r.lessonNumber}. {r.lessonTitle}
                        </Link>
                        <span className="muted">
                          {r.state === 'done'
                            ? `${r.height}p · ${formatBytes(r.storedBytes)} · ${t('downloads.until', { date: validUntil(r) })}`
                            : r.state === 'failed'
                              ? r.error
                                ? translateRefusal(r.error)
                                : t('downloads.failed')
                              : `${r.state === 'waiting' ? t('downloads.waiting') : t('downloads.downloading')} · ${downloadPercent(r)}%`}
                        </span>
                        <button
                          type="button"
                          className="btn btn-small btn-outline"
                          aria-label={t('downloads.deleteLabel', { title: r.lessonTitle })}
                          onClick={() => remove([r.seriesId])}
                        >
                          {t('downloads.delete')}
                        </button>
                      </li>
                    ))}
                  </ul>
                </section>
              ))}
              <button
                type="button"
                className="btn btn-outline downloads-clear"
                onClick={() => remove(downloads.map((r) => r.seriesId))}
              >
                {t('downloads.deleteAll')}
              </button>
            </>
          )}
        </>
      )}
    </div>
  );
}
