import { NO_COURSE_MESSAGE } from '@app/contract/courses';
import type { FastifyInstance } from 'fastify';
import { addToWishlist, removeFromWishlist } from '../../commands/wishlist.ts';
import { notFound, ok } from '../../errors.ts';
import { currentAccount, requireRole } from '../../plugins/auth.ts';
import { mayViewCourse } from '../../policies/course.ts';
import { presentCourses } from '../../queries/course-answers.ts';
import { courseRowsByIds } from '../../queries/course-rows.ts';
import { courseRow } from '../../queries/courses.ts';
import { loadViewer } from '../../queries/viewer.ts';
import { wishlistCourseIds } from '../../queries/wishlist.ts';
import { opRoute } from '../op-route.ts';

/** A student's own wishlist. */
export default async function wishlistRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const studentOnly = requireRole({ db: ctx.db, jwtSecret: ctx.config.jwtSecret }, 'user');

  opRoute(app, 'wishlistAdd', { tag: 'wishlist', auth: studentOnly }, async (req) => {
    const course = await courseRow(ctx.db, req.body.courseId);
    if (!course || !mayViewCourse(null, course)) return notFound(NO_COURSE_MESSAGE);
    await addToWishlist(ctx.db, currentAccount(req).id, course.id);
    return { responseDto: ok('Added to your wishlist') };
  });

  opRoute(app, 'wishlistRemove', { tag: 'wishlist', auth: studentOnly }, async (req) => {
    await removeFromWishlist(ctx.db, currentAccount(req).id, req.body.courseId);
    return { responseDto: ok('Removed from your wishlist') };
  });

  opRoute(app, 'wishlistList', { tag: 'wishlist', auth: studentOnly }, async (req) => {
    const account = currentAccount(req);
    const ids = await wishlistCourseIds(ctx.db, account.id);
    // A course withdrawn since it was added is no longer for sale: it drops out of the list.
    const rows = (await courseRowsByIds(ctx.db, ids)).filter((row) => mayViewCourse(null, row));
    const viewer = await loadViewer(
      ctx.db,
      account,
      rows.map((row) => row.id),
    );
    return {
      responseDto: ok(),
      coursesDtos: await presentCourses(ctx, rows, account, { viewer, outline: false }),
    };
  });
}
