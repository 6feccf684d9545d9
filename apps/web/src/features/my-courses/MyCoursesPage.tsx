import { useState } from 'react';
import { Link } from 'react-router';
import type { TCourseDto } from '@app/contract/courses';
import { Pager } from '../../components/Pager.tsx';
import { useSession } from '../../lib/session.ts';
import { useUserCourses } from './api/user-courses.ts';
import './my-courses.css';

/** Own courses are paged on the client, 4 per page (DECISIONS §4). */
export const MY_COURSES_PAGE_SIZE = 4;

/** `/home/my-courses`: a welcome banner and the student's courses. */
export function MyCoursesPage() {
  const { user } = useSession();
  const query = useUserCourses();
  const [page, setPage] = useState(0);
  const courses = query.data?.courses ?? [];
  const pageCount = Math.ceil(courses.length / MY_COURSES_PAGE_SIZE);
  const current = Math.min(page, Math.max(pageCount - 1, 0));
  const shown = courses.slice(current * MY_COURSES_PAGE_SIZE, (current + 1) * MY_COURSES_PAGE_SIZE);

  return (
    <div className="page my-courses">
      <section className="welcome-banner">
        <h1>Welcome back{user ? `, ${user}` : ''}!</h1>
        <p>Pick up where you left off. Every course you buy stays here for you to watch at your own pace.</p>
      </section>

      <h2>My Courses</h2>
      {query.isPending ? (
        <p className="page-loading">Loading...</p>
      ) : query.isError ? (
        <div className="empty-state" role="alert">
          <p>We could not load your courses. Please try again.</p>
          <button type="button" className="btn" onClick={() => void query.refetch()}>
            Try again
          </button>
        </div>
      ) : courses.length === 0 ? (
        <div className="empty-state">
          <p>You have not bought any course yet.</p>
          <Link to="/" className="btn">
            Browse courses
          </Link>
        </div>
      ) : (
        <>
          <ul className="grid my-courses-grid">
            {shown.map((course) => (
              <li key={course.id}>
                <OwnCourseCard course={course} />
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
  return (
    <Link to={`/view-course/${course.id}`} className="card own-course">
      <img src={course.courseImageUrl} alt="" loading="lazy" width={480} height={270} />
      <div className="own-course-body">
        <h3>{course.title}</h3>
        <p className="muted">{course.author}</p>
        <p className="own-course-meta">
          {lessons} {lessons === 1 ? 'lesson' : 'lessons'}
          <span className="own-course-cta">Start learning →</span>
        </p>
      </div>
    </Link>
  );
}
