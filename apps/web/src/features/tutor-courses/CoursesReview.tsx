import { Link } from 'react-router';
import { PRICE, STATUS, TutorCoursesTable } from '@/components/TutorCoursesTable.tsx';
import './tutor.css';

/** `/tutor/courses-review`: where each course stands in review: title, price and status. */
export default function CoursesReview() {
  return (
    <TutorCoursesTable
      title="Courses review"
      columns={[
        { head: 'Title', cell: (c) => c.title, title: true },
        PRICE,
        STATUS,
        {
          head: 'Reason',
          cell: (c) =>
            c.status === 'Rejected' ? (
              <>
                {c.statusReason ?? ''}{' '}
                <Link to={`/tutor/edit-course/${c.id}`} aria-label={`Edit and resubmit ${c.title}`}>
                  Edit and resubmit
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
