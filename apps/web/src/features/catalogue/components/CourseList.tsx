import { useRef, useState } from 'react';
import { CourseCard } from '../../../components/CourseCard.tsx';
import { Pager } from '../../../components/Pager.tsx';
import { COURSES_PAGE_SIZE, useStudentCourses } from '../api/student-courses.ts';

/** The paged list of approved courses (1-based pager, zero-based requests), optionally of one category. */
export function CourseList({ category, emptyText }: { category?: string; emptyText: string }) {
  const [page, setPage] = useState(0);
  const courses = useStudentCourses(page, category);
  const top = useRef<HTMLDivElement>(null);

  if (courses.isPending) return <p className="page-loading">Loading...</p>;
  if (courses.isError) {
    return (
      <div className="empty-state" role="alert">
        <p>Courses could not be loaded. Please try again.</p>
        <button type="button" className="btn btn-outline" onClick={() => void courses.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  const { coursesDtos, totalData } = courses.data;
  if (coursesDtos.length === 0 && page === 0) return <p className="empty-state">{emptyText}</p>;
  return (
    <div ref={top} className="course-list">
      <div className="grid" aria-busy={courses.isFetching}>
        {coursesDtos.map((course) => (
          <CourseCard key={course.id} course={course} />
        ))}
      </div>
      <Pager
        page={page}
        pageCount={Math.ceil(totalData / COURSES_PAGE_SIZE)}
        onChange={(p) => {
          setPage(p);
          top.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
        }}
      />
    </div>
  );
}
