import { useQuery } from '@tanstack/react-query';
import { useLocation, useParams } from 'react-router';
import { Link } from '@/components/Link.tsx';
import { DETAIL_IMAGE_SIZES, imageSources } from '@app/contract/endpoints';
import { Rating } from '@/components/Rating.tsx';
import { WishlistHeart } from '@/components/WishlistHeart.tsx';
import { useAddToCart, useBuyForTeam } from '@/lib/add-to-cart.ts';
import { ApiError } from '@/lib/api.ts';
import { nextCohort, nextCohortText } from '@/lib/cohort-dates.ts';
import { cohortListQuery } from '@/lib/queries/cohorts.ts';
import { useReferralVisit } from '@/lib/referrals.ts';
import { useSession } from '@/lib/session.ts';
import { useCourse } from './api/course-detail.ts';
import { CoursePrice } from './components/CoursePrice.tsx';
import { CourseTrailer } from './components/CourseTrailer.tsx';
import { CourseReviews } from './components/CourseReviews.tsx';
import { CourseCohorts } from './components/CourseCohorts.tsx';
import './catalogue.css';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { NotFound } from '@/components/NotFound.tsx';
import { languageLabel } from '@app/contract/locales';
import { categoryName } from '@/lib/i18n/categories.ts';
import { useT } from '@/lib/i18n/index.ts';

/** /course/{id}: details, the outline of sections and series, and add to cart (spec §5, §6, §8). */
export default function CourseDetailPage() {
  const t = useT();
  const params = useParams();
  const id = Number(params.id);
  const session = useSession();
  const course = useCourse(id, session.authenticated);
  const addToCart = useAddToCart();
  const buyForTeam = useBuyForTeam();
  // The course's cohorts (public, rendered by the server with the course): a failure only hides them.
  const cohorts = useQuery({ ...cohortListQuery(id), enabled: Number.isInteger(id) && id > 0 });
  // A tutor's referral link (`?ref=<code>`): the visit is recorded and its attribution kept for the checkout.
  useReferralVisit(id, useLocation().search);

  if (!Number.isInteger(id) || id <= 0 || (course.error instanceof ApiError && course.error.status === 404)) {
    return (
      <NotFound
        className="page empty-state"
        title={t('course.notFoundTitle')}
        text={t('course.notFoundText')}
        action={t('empty.browseCourses')}
      />
    );
  }
  if (course.isPending) return <p className="page-loading">{t('common.loading')}</p>;
  if (course.isError) {
    return <LoadFailed message={t('course.loadFailed')} onRetry={course.refetch} page />;
  }
  const c = course.data;

  const onAdd = () => addToCart(c);
  const sold = cohorts.data?.cohorts ? cohorts.data : undefined;
  const next = sold && nextCohort(sold.cohorts);
  // A course taught in cohorts only has no self-paced purchase: a seat is bought from its cohorts below.
  const selfPaced = sold?.offering !== 'cohorts';

  const seriesCount = c.sectionDto.reduce((n, s) => n + s.seriesList.length, 0);
  // The first free preview lesson that this caller may play (guests and students who did not buy).
  const preview = c.sectionDto
    .flatMap((x) => x.seriesList)
    .find((x) => x.preview && (x.hlsLink || x.videoLink));

  return (
    <article className="page course-detail">
      <div className="course-detail-head">
        <div className="course-detail-text">
          <p className="course-detail-category">
            <Link to={`/category/${encodeURIComponent(c.courseCategory)}`}>
              {categoryName(t, c.courseCategory)}
            </Link>
          </p>
          <h1>{c.title}</h1>
          <p className="muted">
            {t('course.by', { author: c.author })}
            {c.language && (
              <>
                {' · '}
                <span lang={c.language}>{languageLabel(c.language)}</span>
              </>
            )}
          </p>
          <p className="course-card-meta">
            <Rating average={c.averageRating} count={c.ratingCount} />
            <span>{t('card.students', { count: c.studentCount })}</span>
          </p>
        </div>
        <aside className="card course-buy">
          <CourseTrailer url={c.courseVideoUrl} poster={c.courseImageUrl} title={c.title}>
            <img
              {...imageSources(c.courseImageUrl, DETAIL_IMAGE_SIZES)}
              alt={c.title}
              width="400"
              height="225"
              fetchPriority="high"
              className="cover"
            />
          </CourseTrailer>
          <div className="course-buy-body">
            <CoursePrice courseId={c.id} price={c.nairaPrice} salePrice={c.salePrice} />
            {next && <p className="cohort-next">{nextCohortText(next)}</p>}
            <div className="course-buy-actions">
              {/* An owned course is not offered for sale again: it opens instead (issue 35). */}
              {c.owned ? (
                <Link to={`/view-course/${c.id}`} className="btn">
                  {t('course.goToCourse')}
                </Link>
              ) : selfPaced ? (
                <button type="button" className="btn" onClick={onAdd}>
                  {t('course.addToCart')}
                </button>
              ) : (
                <a href="#cohorts" className="btn">
                  {t('course.chooseCohort')}
                </a>
              )}
              <WishlistHeart courseId={c.id} title={c.title} />
            </div>
            {selfPaced && (
              <button type="button" className="btn btn-outline" onClick={() => buyForTeam(c)}>
                {t('course.buyForTeam')}
              </button>
            )}
            {!c.canWatch && preview && (
              <Link to={`/view-course/${c.id}?series=${preview.id}`} className="btn btn-outline">
                {t('course.preview')}
              </Link>
            )}
          </div>
        </aside>
      </div>
      <section className="course-detail-section">
        <h2>{t('course.about')}</h2>
        <p className="course-description">{c.description}</p>
      </section>
      {sold && <CourseCohorts course={c} cohorts={sold} />}
      <section className="course-detail-section">
        <h2>{t('course.content')}</h2>
        <p className="muted">
          {t('course.outlineCount', { sections: c.sectionDto.length, lessons: seriesCount })}
        </p>
        <ol className="outline">
          {c.sectionDto.map((section) => (
            <li key={section.id}>
              <details open={c.sectionDto.length <= 3}>
                <summary>
                  <strong>{section.title}</strong>
                  <span className="muted">
                    {' '}
                    · {t('course.lessons', { count: section.seriesList.length })}
                  </span>
                </summary>
                <ol>
                  {section.seriesList.map((series) => (
                    <li key={series.id}>
                      {series.title}
                      {series.preview && <span className="preview-badge">{t('course.freePreview')}</span>}
                    </li>
                  ))}
                </ol>
              </details>
            </li>
          ))}
        </ol>
      </section>
      <CourseReviews
        courseId={c.id}
        canReview={session.role === 'user' && c.owned}
        canHide={session.role === 'admin'}
      />
    </article>
  );
}
