import { NO_COURSE_MESSAGE } from '@app/contract/courses';
import type { FastifyInstance } from 'fastify';
import { auditOrigin } from '../../commands/audit.ts';
import { addReview, hideReview } from '../../commands/reviews.ts';
import { notFound, ok } from '../../errors.ts';
import { currentAccount, requireRole } from '../../plugins/auth.ts';
import { mayViewCourse } from '../../policies/course.ts';
import { assertMayReview } from '../../policies/review.ts';
import { courseReviews, ownReview, reviewById } from '../../queries/reviews.ts';
import { courseRow } from '../../queries/courses.ts';
import { loadViewer } from '../../queries/viewer.ts';
import { viewerAuth } from '../courses/viewer.ts';
import { opRoute } from '../op-route.ts';

/** Ratings and reviews: students who own a course rate it, everyone reads them, admins hide abusive ones. */
export default async function reviewRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const deps = { db: ctx.db, jwtSecret: ctx.config.jwtSecret };
  const tag = 'reviews';

  opRoute(app, 'reviewAdd', { tag, auth: requireRole(deps, 'user') }, async (req) => {
    const account = currentAccount(req);
    const course = await courseRow(ctx.db, req.body.courseId);
    if (!course) return notFound(NO_COURSE_MESSAGE);
    const viewer = (await loadViewer(ctx.db, account, [course.id]))!;
    if (!mayViewCourse(viewer, course)) return notFound(NO_COURSE_MESSAGE);
    assertMayReview(viewer, course);
    const id = await addReview(ctx, {
      courseId: course.id,
      studentId: account.id,
      rating: req.body.rating,
      comment: req.body.comment || null,
    });
    return { responseDto: ok('Thank you for your review'), review: (await reviewById(ctx.db, id))! };
  });

  // Public, so the document lists no security: a token is optional (a stale one reads as a guest).
  opRoute(app, 'reviewList', { tag, extra: { preValidation: viewerAuth(deps) } }, async (req) => {
    const course = await courseRow(ctx.db, req.body.courseId);
    const viewer = course ? await loadViewer(ctx.db, req.account ?? null, [course.id]) : null;
    if (!course || !mayViewCourse(viewer, course)) return notFound(NO_COURSE_MESSAGE);
    return { responseDto: ok(), ...(await courseReviews(ctx.db, course.id, req.body)) };
  });

  opRoute(app, 'reviewMine', { tag, auth: requireRole(deps, 'user') }, async (req) => ({
    responseDto: ok(),
    review: await ownReview(ctx.db, currentAccount(req).id, req.body.courseId),
  }));

  opRoute(app, 'reviewHide', { tag, auth: requireRole(deps, 'admin') }, async (req) => {
    await hideReview(ctx, req.body.id, currentAccount(req).id, auditOrigin(req));
    return { responseDto: ok('Review hidden') };
  });
}
