import { useRef, useState } from 'react';
import { CourseCard, CourseCardSkeleton } from '@/components/CourseCard.tsx';
import { Pager } from '@/components/Pager.tsx';
import { COURSES_PAGE_SIZE, useStudentCourses } from './api/student-courses.ts';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { useT } from '@/lib/i18n/index.ts';

/** Stand-in cards while the first page loads: enough to fill a phone's screen and a wide screen's first rows. */
const SKELETON_CARDS = 4;

/** The paged list of approved courses (1-based pager, zero-based requests), optionally of one category. */
export function CourseList({
  category,
  language,
  emptyText,
}: {
  category?: string;
  /** Only the courses taught in this language. */
  language?: string;
  emptyText?: string;
}) {
  const [page, setPage] = useState(0);
  const t = useT();
  const courses = useStudentCourses(page, category, language);
  const top = useRef<HTMLDivElement>(null);

  if (courses.isPending) {
    return (
      <div className="course-list">
        <div className="grid" aria-busy="true">
          <span className="visually-hidden" role="status">
            {t('common.loading')}
          </span>
          {Array.from({ length: SKELETON_CARDS }, (_, i) => (
            <CourseCardSkeleton key={i} />
          ))}
        </div>
      </div>
    );
  }
  if (courses.isError) {
    return <LoadFailed message={t('list.loadFailed')} onRetry={courses.refetch} />;
  }
  const { coursesDtos, totalData } = courses.data;
  if (coursesDtos.length === 0 && page === 0)
    return <p className="empty-state">{emptyText ?? t('home.noCourses')}</p>;
  return (
    <div ref={top} className="course-list">
      <div className="grid" aria-busy={courses.isFetching}>
        {coursesDtos.map((course, i) => (
          <CourseCard key={course.id} course={course} priority={i === 0 && page === 0} />
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
