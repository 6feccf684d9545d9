import { Link } from 'react-router';
import { PRICE, STATUS, TutorCoursesTable } from '@/components/TutorCoursesTable.tsx';
import { formatNaira } from '@/lib/money.ts';

/** `/tutor/earnings`: per course, how many bought it and what it earned; each row opens its buyers. */
export default function Earnings() {
  return (
    <TutorCoursesTable
      title="Earnings"
      columns={[
        { head: 'Course', cell: (c) => <Link to={`/tutor/course/earnings/${c.id}`}>{c.title}</Link> },
        PRICE,
        STATUS,
        { head: 'Buyers', cell: (c) => c.buyerCount ?? 0 },
        { head: 'Earnings', cell: (c) => formatNaira(c.totalEarnings ?? 0) },
      ]}
    />
  );
}
