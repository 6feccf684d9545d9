import { Link } from '@/components/Link.tsx';
import { priceColumn, statusColumn, TutorCoursesTable } from '@/components/TutorCoursesTable.tsx';
import { useT } from '@/lib/i18n/index.ts';
import './tutor.css';

/** `/tutor/courses-review`: where each course stands in review: title, price and status. */
export default function CoursesReview() {
  const t = useT();
  return (
    <TutorCoursesTable
      title={t('tutorCourses.review.title')}
      columns={[
        { head: t('tutorCourses.table.title'), cell: (c) => c.title, title: true },
        priceColumn(t),
        statusColumn(t),
        {
          head: t('tutorCourses.review.reason'),
          cell: (c) =>
            c.status === 'Rejected' ? (
              <>
                {c.statusReason ?? ''}{' '}
                <Link
                  to={`/tutor/edit-course/${c.id}`}
                  aria-label={t('tutorCourses.review.resubmitLabel', { title: c.title })}
                >
                  {t('tutorCourses.review.resubmit')}
                </Link>
              </>
            ) : (
              ''
            ),
        },
      ]}
    />
  );
}
