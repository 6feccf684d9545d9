import { useSearchParams } from 'react-router';
import { useAllTutorCourses } from '@/lib/queries/tutor-courses.ts';
import { useT } from '@/lib/i18n/index.ts';

/**
 * The tutor's courses and the one a per-course screen shows: `?course=ID`, else the first. `choose` puts another
 * in the URL, so a reload or Back keeps it.
 */
export function useChosenTutorCourse() {
  const courses = useAllTutorCourses();
  const [params, setParams] = useSearchParams();
  const chosen = Number(params.get('course')) || courses.data?.[0]?.id || null;
  const choose = (id: string) => setParams({ course: id }, { preventScrollReset: true });
  return { courses, chosen, choose };
}

/** The Course select of a per-course tutor screen (coupons, cohorts). */
export function TutorCourseSelect({
  courses,
  chosen,
  onChoose,
  className,
}: {
  courses: { id: number; title: string }[];
  chosen: number | null;
  onChoose: (id: string) => void;
  className?: string;
}) {
  const t = useT();
  return (
    <label className={className}>
      {t('tutorCourses.select.course')}{' '}
      <select value={chosen ?? ''} onChange={(e) => onChoose(e.target.value)}>
        {courses.map((c) => (
          <option key={c.id} value={c.id}>
            {c.title}
          </option>
        ))}
      </select>
    </label>
  );
}
