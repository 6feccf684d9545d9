import { Link } from 'react-router';
import type { TCourseDto } from '@app/contract/courses';
import { formatNaira } from '../lib/money.ts';
import './course-card.css';

export type CourseCardData = Pick<
  TCourseDto,
  'id' | 'title' | 'author' | 'nairaPrice' | 'courseImageUrl' | 'studentCount'
>;

/** Spec §2: the placeholder rating every card shows. */
const PLACEHOLDER_RATING = '5.0';

/** A course in a list: image, title, author, ₦ price, the placeholder rating and the student count. */
export function CourseCard({ course }: { course: CourseCardData }) {
  return (
    <article className="card course-card">
      <Link to={`/course/${course.id}`} className="course-card-link">
        <img src={course.courseImageUrl} alt={course.title} loading="lazy" width="400" height="225" />
        <div className="course-card-body">
          <h3>{course.title}</h3>
          <p className="muted">{course.author}</p>
          <p className="course-card-meta">
            <span className="rating" aria-label={`Rated ${PLACEHOLDER_RATING} out of 5`}>
              <span aria-hidden="true">★</span> {PLACEHOLDER_RATING}
            </span>
            <span>
              {course.studentCount.toLocaleString('en-NG')}{' '}
              {course.studentCount === 1 ? 'student' : 'students'}
            </span>
          </p>
          <p className="course-card-price">{formatNaira(course.nairaPrice)}</p>
        </div>
      </Link>
    </article>
  );
}
