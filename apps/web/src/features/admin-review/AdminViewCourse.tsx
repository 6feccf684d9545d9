import { categoryLabel, groupLabel } from '@app/contract/categories';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { TSeriesDto } from '@app/contract/courses';
import { ApiError } from '@/lib/api.ts';
import { formatTimeCreated } from '@/lib/dates.ts';
import { formatNaira } from '@/lib/money.ts';
import { useAdminCourse } from './api/get-course.ts';
import { CourseStatus } from '@/components/CourseStatus.tsx';
import { StatusDialog } from './components/StatusDialog.tsx';
import { StatusHistory } from './components/StatusHistory.tsx';
import './admin-review.css';
import { LoadFailed } from '@/components/LoadFailed.tsx';

/** /admin/view-course/:id: the whole course as the admin reviews it, every video playable. */
export function AdminViewCourse() {
  const id = Number(useParams().id);
  const query = useAdminCourse(id);
  const [dialogOpen, setDialogOpen] = useState(false);
  const back = (
    <Link to="/admin/courses" className="admin-back">
      ← All courses
    </Link>
  );

  if (!Number.isInteger(id) || id <= 0 || (query.error instanceof ApiError && query.error.status === 404)) {
    return (
      <section className="admin-view">
        {back}
        <p className="empty-state">This course does not exist.</p>
      </section>
    );
  }
  if (query.isError) {
    return (
      <section className="admin-view">
        {back}
        <LoadFailed message="The course could not be loaded. Please try again." onRetry={query.refetch} />
      </section>
    );
  }
  if (!query.data) return <p className="page-loading">Loading...</p>;

  const course = query.data.coursesDto;
  return (
    <section className="admin-view">
      {back}
      <div className="admin-view-head">
        <div>
          <h1>{course.title}</h1>
          <p className="muted">
            By {course.author} · Created {formatTimeCreated(course.timeCreated)}
          </p>
        </div>
        <div className="admin-view-status">
          <CourseStatus status={course.status} />
          <button type="button" className="btn" onClick={() => setDialogOpen(true)}>
            Update status
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
              aria-label={`${course.title}: promo video`}
            />
          ) : (
            <img src={course.courseImageUrl} alt={course.title} />
          )}
        </div>
        <dl className="surface admin-facts">
          <div>
            <dt>Price</dt>
            <dd>{formatNaira(course.nairaPrice)}</dd>
          </div>
          <div>
            <dt>Group</dt>
            <dd>{groupLabel(course.courseGroup)}</dd>
          </div>
          <div>
            <dt>Category</dt>
            <dd>{categoryLabel(course.courseCategory)}</dd>
          </div>
          <div>
            <dt>Students</dt>
            <dd>{course.studentCount}</dd>
          </div>
        </dl>
      </div>

      <StatusHistory courseId={course.id} />

      <h2>Description</h2>
      <p className="admin-description">{course.description}</p>

      <h2>Sections</h2>
      {course.sectionDto.length === 0 ? (
        <p className="muted">This course has no sections.</p>
      ) : (
        <ol className="admin-sections">
          {course.sectionDto.map((section, i) => (
            <li key={section.id} className="surface admin-section">
              <h3>
                Section {i + 1}: {section.title}
              </h3>
              {section.seriesList.length === 0 ? (
                <p className="muted">No series in this section.</p>
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
  return (
    <li className="admin-series-item">
      <h4>{series.title}</h4>
      {series.videoLink ? (
        <video controls preload="metadata" src={series.videoLink} aria-label={`${series.title}: video`} />
      ) : (
        <p className="muted">No video.</p>
      )}
      {series.resourceFile && (
        <a href={series.resourceFile} target="_blank" rel="noreferrer">
          Download resource
        </a>
      )}
    </li>
  );
}
