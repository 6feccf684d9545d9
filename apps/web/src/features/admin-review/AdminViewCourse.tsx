import { useState } from 'react';
import { useParams } from 'react-router';
import { Link } from '@/components/Link.tsx';
import type { TSeriesDto } from '@app/contract/courses';
import { ApiError } from '@/lib/api.ts';
import { formatTimeCreated } from '@/lib/dates.ts';
import { categoryName, groupName } from '@/lib/i18n/categories.ts';
import { useT } from '@/lib/i18n/index.ts';
import { formatNaira } from '@/lib/money.ts';
import { useAdminCourse } from './api/get-course.ts';
import { CourseStatus } from '@/components/CourseStatus.tsx';
import { StatusDialog } from './components/StatusDialog.tsx';
import { StatusHistory } from './components/StatusHistory.tsx';
import './admin-review.css';
import { LoadFailed } from '@/components/LoadFailed.tsx';

/** /admin/view-course/:id: the whole course as the admin reviews it, every video playable. */
export function AdminViewCourse() {
  const t = useT();
  const id = Number(useParams().id);
  const query = useAdminCourse(id);
  const [dialogOpen, setDialogOpen] = useState(false);
  const back = (
    <Link to="/admin/courses" className="admin-back">
      {t('adminReview.back')}
    </Link>
  );

  if (!Number.isInteger(id) || id <= 0 || (query.error instanceof ApiError && query.error.status === 404)) {
    return (
      <section className="admin-view">
        {back}
        <p className="empty-state">{t('adminReview.notFound')}</p>
      </section>
    );
  }
  if (query.isError) {
    return (
      <section className="admin-view">
        {back}
        <LoadFailed message={t('adminReview.courseFailed')} onRetry={query.refetch} />
      </section>
    );
  }
  if (!query.data) return <p className="page-loading">{t('common.loading')}</p>;

  const course = query.data.coursesDto;
  return (
    <section className="admin-view">
      {back}
      <div className="admin-view-head">
        <div>
          <h1>{course.title}</h1>
          <p className="muted">
            {t('adminReview.byline', { author: course.author, date: formatTimeCreated(course.timeCreated) })}
          </p>
        </div>
        <div className="admin-view-status">
          <CourseStatus status={course.status} />
          <button type="button" className="btn" onClick={() => setDialogOpen(true)}>
            {t('adminReview.update')}
          </button>
        </div>
      </div>

      <div className="admin-view-body">
        <div className="admin-view-media">
          {course.courseVideoUrl ? (
            <video
              controls
              preload="metadata"
              src={course.courseVideoUrl}
              poster={course.courseImageUrl}
              aria-label={t('adminReview.promoVideo', { title: course.title })}
            />
          ) : (
            <img src={course.courseImageUrl} alt={course.title} />
          )}
        </div>
        <dl className="surface admin-facts">
          <div>
            <dt>{t('adminReview.col.price')}</dt>
            <dd>{formatNaira(course.nairaPrice)}</dd>
          </div>
          <div>
            <dt>{t('adminReview.group')}</dt>
            <dd>{groupName(t, course.courseGroup)}</dd>
          </div>
          <div>
            <dt>{t('adminReview.category')}</dt>
            <dd>{categoryName(t, course.courseCategory)}</dd>
          </div>
          <div>
            <dt>{t('adminReview.students')}</dt>
            <dd>{course.studentCount}</dd>
          </div>
        </dl>
      </div>

      <StatusHistory courseId={course.id} />

      <h2>{t('adminReview.description')}</h2>
      <p className="admin-description">{course.description}</p>

      <h2>{t('adminReview.sections')}</h2>
      {course.sectionDto.length === 0 ? (
        <p className="muted">{t('adminReview.noSections')}</p>
      ) : (
        <ol className="admin-sections">
          {course.sectionDto.map((section, i) => (
            <li key={section.id} className="surface admin-section">
              <h3>{t('adminReview.section', { n: i + 1, title: section.title })}</h3>
              {section.seriesList.length === 0 ? (
                <p className="muted">{t('adminReview.noSeries')}</p>
              ) : (
                <ol className="admin-series">
                  {section.seriesList.map((series) => (
                    <SeriesItem key={series.id} series={series} />
                  ))}
                </ol>
              )}
            </li>
          ))}
        </ol>
      )}

      {dialogOpen && <StatusDialog course={course} onClose={() => setDialogOpen(false)} />}
    </section>
  );
}

function SeriesItem({ series }: { series: TSeriesDto }) {
  const t = useT();
  return (
    <li className="admin-series-item">
      <h4>{series.title}</h4>
      {series.videoLink ? (
        <video
          controls
          preload="metadata"
          src={series.videoLink}
          aria-label={t('adminReview.video', { title: series.title })}
        />
      ) : (
        <p className="muted">{t('adminReview.noVideo')}</p>
      )}
      {series.resourceFile && (
        <a href={series.resourceFile} target="_blank" rel="noreferrer">
          {t('adminReview.resource')}
        </a>
      )}
    </li>
  );
}
