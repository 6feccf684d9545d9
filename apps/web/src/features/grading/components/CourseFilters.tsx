import { useQuery } from '@tanstack/react-query';
import { useT } from '@/lib/i18n/index.ts';
import { cohortListQuery } from '@/lib/queries/cohorts.ts';
import type { GradedCourse } from './graded-courses.ts';

/** A course select (own courses and those assisted on) and, once a course is chosen, its cohorts. */
export function CourseAndCohort({
  courses,
  courseId,
  cohortId,
  allCourses,
  onCourse,
  onCohort,
}: {
  courses: GradedCourse[];
  courseId: number | null;
  cohortId: number | null;
  /** Offer "All courses" (the queue); without it a course is always chosen (the gradebook). */
  allCourses?: boolean;
  onCourse: (id: number | null) => void;
  onCohort: (id: number | null) => void;
}) {
  const t = useT();
  const cohorts = useQuery({ ...cohortListQuery(courseId ?? 0), enabled: courseId !== null }).data?.cohorts;
  return (
    <>
      <label className="filter">
        {t('grading.filter.course')}
        <select
          value={courseId ?? ''}
          onChange={(e) => onCourse(e.target.value ? Number(e.target.value) : null)}
        >
          {allCourses && <option value="">{t('grading.filter.allCourses')}</option>}
          {courses.map((c) => (
            <option key={c.id} value={c.id}>
              {c.title}
              {c.assisting ? ` ${t('grading.filter.assisting')}` : ''}
            </option>
          ))}
        </select>
      </label>
      {courseId !== null && cohorts && cohorts.length > 0 && (
        <label className="filter">
          {t('grading.filter.cohort')}
          <select
            value={cohortId ?? ''}
            onChange={(e) => onCohort(e.target.value ? Number(e.target.value) : null)}
          >
            <option value="">{t('grading.filter.allStudents')}</option>
            {cohorts.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
      )}
    </>
  );
}
