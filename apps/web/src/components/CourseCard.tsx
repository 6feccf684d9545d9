import { Link } from '@/components/Link.tsx';
import type { TCourseCard } from '@app/contract/courses';
import { CARD_IMAGE_SIZES, imageSources } from '@app/contract/endpoints';
import { shownPrice } from '@app/contract/money';
import { languageLabel } from '@app/contract/locales';
import { formatNaira } from '@/lib/money.ts';
import { Rating } from './Rating.tsx';
import { WishlistHeart } from './WishlistHeart.tsx';
import './course-card.css';
import { useT } from '@/lib/i18n/index.ts';

export type CourseCardData = TCourseCard;

/**
 * A course in a list: image, title, author and the language it is taught in, ₦ price, its rating (or 'New'), the student count and a wishlist heart.
 * `priority` marks the card whose image is likely the largest paint (the first one): loaded at once, fetched first.
 */
export function CourseCard({ course, priority = false }: { course: CourseCardData; priority?: boolean }) {
  const t = useT();
  const price = shownPrice(course);
  return (
    <article className="card course-card">
      <Link to={`/course/${course.id}`} className="course-card-link">
        <img
          className="cover"
          {...imageSources(course.courseImageUrl, CARD_IMAGE_SIZES)}
          alt={course.title}
          width="400"
          height="225"
          {...(priority ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const })}
        />
        <div className="course-card-body">
          <h3>{course.title}</h3>
          <p className="muted course-card-author">
            {course.author}
            {course.language && (
              <>
                {' · '}
                <span lang={course.language}>{languageLabel(course.language)}</span>
              </>
            )}
          </p>
          <p className="course-card-meta">
            <Rating average={course.averageRating} count={course.ratingCount} />
            <span>{t('card.students', { count: course.studentCount })}</span>
          </p>
          <p className="course-card-price">
            {price.was !== null && <s className="course-card-was">{formatNaira(price.was)}</s>}{' '}
            {formatNaira(price.pays)}
          </p>
        </div>
      </Link>
      <WishlistHeart courseId={course.id} title={course.title} className="course-card-heart" />
    </article>
  );
}

/**
 * A card's stand-in while a list loads: the same box, image ratio and text lines as CourseCard (one-line title),
 * so nothing moves when the courses arrive.
 */
export function CourseCardSkeleton() {
  const line = (short = false) => <span className={`skeleton-line${short ? ' short' : ''}`}>&nbsp;</span>;
  return (
    <div className="card course-card course-card-skeleton" aria-hidden="true">
      <div className="course-card-link">
        <div className="skeleton-image" />
        <div className="course-card-body">
          <h3>{line()}</h3>
          <p className="muted">{line(true)}</p>
          <p className="course-card-meta">{line(true)}</p>
          <p className="course-card-price">{line(true)}</p>
        </div>
      </div>
    </div>
  );
}
