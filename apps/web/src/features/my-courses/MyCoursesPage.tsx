import { useState } from 'react';
import { Link } from '@/components/Link.tsx';
import type { TCourseDto } from '@app/contract/courses';
import { Pager } from '@/components/Pager.tsx';
import { formatDuration } from '@/lib/dates.ts';
import { displayName, firstName, useSession } from '@/lib/session.ts';
import { useUserCourses } from '@/lib/queries/user-courses.ts';
import { useMyCertificates } from './api/certificates.ts';
import './my-courses.css';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { EmptyState } from '@/components/EmptyState.tsx';
import { useT } from '@/lib/i18n/index.ts';

/** Own courses are paged on the client, 4 per page (DECISIONS §4). */
export const MY_COURSES_PAGE_SIZE = 4;

/** `/home/my-courses`: a welcome banner and the student's courses. */
export function MyCoursesPage() {
  const t = useT();
  const session = useSession();
  const query = useUserCourses();
  const certificates = useMyCertificates().data;
  // The account's name (its profile once loaded), never the email when there is a name.
  const name = firstName(query.data?.userDto?.fullName || displayName(session));
  const [page, setPage] = useState(0);
  const courses = query.data?.courses ?? [];
  const pageCount = Math.ceil(courses.length / MY_COURSES_PAGE_SIZE);
  const current = Math.min(page, Math.max(pageCount - 1, 0));
  const shown = courses.slice(current * MY_COURSES_PAGE_SIZE, (current + 1) * MY_COURSES_PAGE_SIZE);

  return (
    <div className="page my-courses">
      <section className="welcome-banner">
        <h1 className="welcome-name">
          {name ? t('myCourses.welcomeName', { name }) : t('myCourses.welcome')}
        </h1>
        <p>{t('myCourses.intro')}</p>
      </section>

      <ContinueLearning courses={courses} />
      <h2>{t('myCourses.title')}</h2>
      {query.isPending ? (
        <p className="page-loading">{t('common.loading')}</p>
      ) : query.isError ? (
        <LoadFailed message={t('myCourses.loadFailed')} onRetry={query.refetch} solid />
      ) : courses.length === 0 ? (
        <EmptyState message={t('myCourses.empty')} className="empty-state" />
      ) : (
        <>
          <ul className="grid my-courses-grid">
            {shown.map((course) => (
              <li key={course.id}>
                <OwnCourseCard course={course} />
                {certificates?.has(course.id) && (
                  <Link
                    className="own-course-certificate"
                    to={`/certificate/${certificates.get(course.id)}`}
                    aria-label={t('myCourses.certificateLabel', { title: course.title })}
                  >
                    {t('myCourses.certificate')}
                  </Link>
                )}
              </li>
            ))}
          </ul>
          <Pager page={current} pageCount={pageCount} onChange={setPage} />
        </>
      )}
    </div>
  );
}

function OwnCourseCard({ course }: { course: TCourseDto }) {
  const t = useT();
  const lessons = course.sectionDto.reduce((n, s) => n + s.seriesList.length, 0);
  const percent = course.progress?.percent ?? 0;
  return (
    <Link to={`/view-course/${course.id}`} className="card own-course">
      <img src={course.courseImageUrl} alt="" loading="lazy" width={480} height={270} />
      <div className="own-course-body">
        <h3>{course.title}</h3>
        <p className="muted">{course.author}</p>
        <p className="own-course-meta">
          {t('course.lessons', { count: lessons })}
          <span className="own-course-cta">
            {percent > 0 ? t('myCourses.continue') : t('myCourses.start')} →
          </span>
        </p>
        <div
          className="own-course-progress"
          role="progressbar"
          aria-label={t('myCourses.progressLabel', { title: course.title })}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
        >
          <span style={{ width: `${percent}%` }} />
        </div>
        <p className="muted own-course-percent">{t('myCourses.percent', { percent })}</p>
      </div>
    </Link>
  );
}

/** The lesson watched last across the student's courses, opened at the exact second. */
function ContinueLearning({ courses }: { courses: TCourseDto[] }) {
  const t = useT();
  // Courses come newest purchase first; the first one with a last lesson is a fair "most recent".
  const last = courses.find((c) => c.progress?.lastSeriesId);
  if (!last?.progress?.lastSeriesId) return null;
  const lesson = last.sectionDto
    .flatMap((s) => s.seriesList)
    .find((x) => x.id === last.progress!.lastSeriesId);
  if (!lesson) return null;
  const at = Math.floor(last.progress.lastPositionSeconds ?? 0);
  return (
    <section className="continue-learning" aria-labelledby="continue-heading">
      <h2 id="continue-heading">{t('myCourses.continueHeading')}</h2>
      <Link className="card continue-card" to={`/view-course/${last.id}?series=${lesson.id}&t=${at}`}>
        <strong>{lesson.title}</strong>
        <span className="muted">
          {last.title} · {t('myCourses.at', { time: formatDuration(at) })}
        </span>
      </Link>
    </section>
  );
}
