import { useState } from 'react';
import { Link } from 'react-router';
import type { TCourseDto } from '@app/contract/courses';
import { Pager } from '@/components/Pager.tsx';
import { formatDuration } from '@/lib/dates.ts';
import { displayName, firstName, useSession } from '@/lib/session.ts';
import { useUserCourses } from '@/lib/queries/user-courses.ts';
import { useMyCertificates } from './api/certificates.ts';
import './my-courses.css';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { EmptyState } from '@/components/EmptyState.tsx';

/** Own courses are paged on the client, 4 per page (DECISIONS §4). */
export const MY_COURSES_PAGE_SIZE = 4;

/** `/home/my-courses`: a welcome banner and the student's courses. */
export function MyCoursesPage() {
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
        <h1 className="welcome-name">Welcome back{name ? `, ${name}` : ''}!</h1>
        <p>Pick up where you left off. Every course you buy stays here for you to watch at your own pace.</p>
      </section>

      <ContinueLearning courses={courses} />
      <h2>My Courses</h2>
      {query.isPending ? (
        <p className="page-loading">Loading...</p>
      ) : query.isError ? (
        <LoadFailed
          message="We could not load your courses. Please try again."
          onRetry={query.refetch}
          solid
        />
      ) : courses.length === 0 ? (
        <EmptyState message="You have not bought any course yet." className="empty-state" />
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
                    aria-label={`Certificate for ${course.title}`}
                  >
                    Certificate
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
  const lessons = course.sectionDto.reduce((n, s) => n + s.seriesList.length, 0);
  const percent = course.progress?.percent ?? 0;
  return (
    <Link to={`/view-course/${course.id}`} className="card own-course">
      <img src={course.courseImageUrl} alt="" loading="lazy" width={480} height={270} />
      <div className="own-course-body">
        <h3>{course.title}</h3>
        <p className="muted">{course.author}</p>
        <p className="own-course-meta">
          {lessons} {lessons === 1 ? 'lesson' : 'lessons'}
          <span className="own-course-cta">{percent > 0 ? 'Continue →' : 'Start learning →'}</span>
        </p>
        <div
          className="own-course-progress"
          role="progressbar"
          aria-label={`${course.title} progress`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
        >
          <span style={{ width: `${percent}%` }} />
        </div>
        <p className="muted own-course-percent">{percent}% complete</p>
      </div>
    </Link>
  );
}

/** The lesson watched last across the student's courses, opened at the exact second. */
function ContinueLearning({ courses }: { courses: TCourseDto[] }) {
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
      <h2 id="continue-heading">Continue where you left off</h2>
      <Link className="card continue-card" to={`/view-course/${last.id}?series=${lesson.id}&t=${at}`}>
        <strong>{lesson.title}</strong>
        <span className="muted">
          {last.title} · at {formatDuration(at)}
        </span>
      </Link>
    </section>
  );
}
