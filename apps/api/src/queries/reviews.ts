import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { TRatingCounts, TReviewDto } from '@app/contract/reviews';
import type { Db } from '../db/client.ts';
import { accounts, reviews } from '../db/schema.ts';
import { averageOf, reviewDto } from '../presenters/review.ts';

/** Reviews with their author's name, as answered (`reviewDto`). */
const withAuthor = (db: Db) =>
  db
    .select({
      id: reviews.id,
      fullName: accounts.fullName,
      rating: reviews.rating,
      comment: reviews.comment,
      createdAt: reviews.createdAt,
    })
    .from(reviews)
    .innerJoin(accounts, eq(accounts.id, reviews.studentId));

/** A course's visible reviews, newest first, with the count per star and the average. */
export async function courseReviews(db: Db, courseId: number, page: { pageSize: number; pageNo: number }) {
  const visible = and(eq(reviews.courseId, courseId), isNull(reviews.hiddenAt));
  const [rows, perStar] = await Promise.all([
    withAuthor(db)
      .where(visible)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(page.pageSize)
      .offset(page.pageNo * page.pageSize),
    db.select({ rating: reviews.rating, n: count() }).from(reviews).where(visible).groupBy(reviews.rating),
  ]);
  // The count and average follow from the counts per star (the course row's ratingCount/ratingSum are the same
  // figures, kept for the catalogue's cards).
  const ratingCounts: TRatingCounts = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  let ratingCount = 0;
  let ratingSum = 0;
  for (const r of perStar) {
    ratingCounts[r.rating as keyof TRatingCounts] = r.n;
    ratingCount += r.n;
    ratingSum += r.rating * r.n;
  }
  return {
    reviews: rows.map(reviewDto),
    totalData: ratingCount,
    averageRating: averageOf(ratingSum, ratingCount),
    ratingCount,
    ratingCounts,
  };
}

/** The course a review is of, hidden reviews included; undefined for an unknown review. */
export async function reviewCourseId(db: Db, id: number): Promise<number | undefined> {
  const [review] = await db.select({ courseId: reviews.courseId }).from(reviews).where(eq(reviews.id, id));
  return review?.courseId;
}

/** One review as answered (for the add call). */
export async function reviewById(db: Db, id: number): Promise<TReviewDto | undefined> {
  const [r] = await withAuthor(db).where(eq(reviews.id, id));
  return r && reviewDto(r);
}

/** A student's own review of a course, as answered; null before they rate it. */
export async function ownReview(db: Db, studentId: number, courseId: number): Promise<TReviewDto | null> {
  const [r] = await withAuthor(db).where(
    and(eq(reviews.studentId, studentId), eq(reviews.courseId, courseId)),
  );
  return r ? reviewDto(r) : null;
}
