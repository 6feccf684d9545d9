import { useId, useState } from 'react';
import { REVIEW_COMMENT_MAX } from '@app/contract/course-rules';
import type { TRatingCounts, TReviewDto } from '@app/contract/reviews';
import { FormAlert } from '@/components/form/FormAlert.tsx';
import { Pager } from '@/components/Pager.tsx';
import { Rating } from '@/components/Rating.tsx';
import { formatTimeCreated } from '@/lib/dates.ts';
import { showToast } from '@/lib/toast.ts';
import {
  REVIEWS_PAGE_SIZE,
  useAddReview,
  useHideReview,
  useOwnReview,
  useReviews,
} from '@/features/catalogue/api/reviews.ts';
import { StarPicker } from './StarPicker.tsx';
import { useT } from '@/lib/i18n/index.ts';
import { translateRefusal } from '@/lib/i18n/refusals.ts';

const STARS = [5, 4, 3, 2, 1] as const;

function Stars({ n }: { n: number }) {
  const t = useT();
  return (
    <span className="stars" aria-label={t('reviews.stars', { n })}>
      {'★'.repeat(n)}
      <span className="stars-off">{'★'.repeat(5 - n)}</span>
    </span>
  );
}

/** The count per star as bars (5 down to 1). */
function StarBars({ counts, total }: { counts: TRatingCounts; total: number }) {
  const t = useT();
  return (
    <ul className="star-bars" aria-label={t('reviews.byStars')}>
      {STARS.map((s) => (
        <li key={s}>
          <span>{s} ★</span>
          <span className="star-bar" aria-hidden="true">
            <span style={{ width: `${total ? (counts[s] / total) * 100 : 0}%` }} />
          </span>
          <span>
            <span aria-hidden="true">{counts[s]}</span>
            <span className="visually-hidden">{t('reviews.count', { count: counts[s] })}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

/** A student who owns the course rates it (1-5 stars) with an optional comment; sending again updates it. */
function ReviewForm({ courseId }: { courseId: number }) {
  const t = useT();
  const id = useId();
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [error, setError] = useState('');
  // The review as the server kept it (from an earlier visit, or just sent): 'Your review' until the student edits it.
  const own = useOwnReview(courseId);
  const [sent, setSent] = useState<TReviewDto | null>(null);
  const mine = sent ?? own.data?.review ?? null;
  const [editing, setEditing] = useState(false);
  const add = useAddReview(courseId);

  if (own.isPending) return null;

  if (mine && !editing) {
    return (
      <section className="card review-form review-mine" aria-labelledby={`${id}-title`}>
        <h3 id={`${id}-title`}>{t('reviews.yours')}</h3>
        <p>
          <Stars n={mine.rating} />
        </p>
        {mine.comment ? (
          <p className="review-comment">{mine.comment}</p>
        ) : (
          <p className="muted">{t('reviews.noComment')}</p>
        )}
        <button
          type="button"
          className="btn btn-outline"
          onClick={() => {
            setRating(mine.rating);
            setComment(mine.comment ?? '');
            setEditing(true);
          }}
        >
          {t('reviews.edit')}
        </button>
      </section>
    );
  }

  return (
    <form
      className="card review-form"
      aria-labelledby={`${id}-title`}
      onSubmit={(e) => {
        e.preventDefault();
        if (rating < 1) return setError(t('reviews.chooseStars'));
        setError('');
        add.mutate(
          { courseId, rating, comment: comment.trim() || null },
          {
            onSuccess: (res) => {
              showToast('success', t('reviews.thanks'));
              setSent(res.review);
              setEditing(false);
            },
            onError: (err) => setError(translateRefusal(err.message)),
          },
        );
      }}
    >
      <h3 id={`${id}-title`}>{mine ? t('reviews.editYours') : t('reviews.rate')}</h3>
      <StarPicker name={`${id}-rating`} value={rating} onChange={setRating} />
      <label htmlFor={`${id}-comment`}>{t('reviews.comment')}</label>
      <textarea
        id={`${id}-comment`}
        rows={3}
        maxLength={REVIEW_COMMENT_MAX}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
      />
      <FormAlert message={error} className="field-error" />
      <button type="submit" className="btn" disabled={add.isPending}>
        {add.isPending ? t('common.sending') : t('reviews.submit')}
      </button>
    </form>
  );
}

/** The course page's reviews: average, count per star, the paged list; the form for owners, Hide for admins. */
export function CourseReviews({
  courseId,
  canReview,
  canHide,
}: {
  courseId: number;
  canReview: boolean;
  canHide: boolean;
}) {
  const t = useT();
  const [page, setPage] = useState(0);
  const reviews = useReviews(courseId, page);
  const hide = useHideReview(courseId);
  const data = reviews.data;
  return (
    <section className="course-detail-section course-reviews" aria-labelledby="reviews-title">
      <h2 id="reviews-title">{t('reviews.title')}</h2>
      {reviews.isPending && <p className="page-loading">{t('common.loading')}</p>}
      {reviews.isError && <p role="alert">{t('reviews.loadFailed')}</p>}
      {data && (
        <div className="reviews-summary">
          <p className="reviews-average">
            <Rating average={data.averageRating} count={data.ratingCount} />
          </p>
          {data.ratingCount > 0 && <StarBars counts={data.ratingCounts} total={data.ratingCount} />}
        </div>
      )}
      {canReview && <ReviewForm courseId={courseId} />}
      {data && data.reviews.length === 0 && <p className="muted">{t('reviews.none')}</p>}
      {data && data.reviews.length > 0 && (
        <ul className="review-list">
          {data.reviews.map((r) => (
            <li key={r.id} className="review">
              <p>
                <strong>{r.fullName}</strong> <Stars n={r.rating} />{' '}
                <time className="muted">{formatTimeCreated(r.timeCreated)}</time>
              </p>
              {r.comment && <p className="review-comment">{r.comment}</p>}
              {canHide && (
                <button
                  type="button"
                  className="btn btn-outline"
                  disabled={hide.isPending}
                  onClick={() =>
                    hide.mutate(r.id, { onSuccess: () => showToast('success', t('reviews.hidden')) })
                  }
                >
                  {t('reviews.hide')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <Pager
        page={page}
        pageCount={Math.ceil((data?.totalData ?? 0) / REVIEWS_PAGE_SIZE)}
        onChange={setPage}
      />
    </section>
  );
}
