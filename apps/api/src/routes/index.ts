import type { FastifyInstance } from 'fastify';
import accounts from './accounts/index.ts';
import assignments from './assignments/index.ts';
import assignmentUpload from './assignments/upload.ts';
import assignmentPeople from './assignments/people.ts';
import audit from './audit/index.ts';
import captions from './captions/index.ts';
import certificates from './certificates/index.ts';
import cohorts from './cohorts/index.ts';
import coupons from './coupons/index.ts';
import dashboards from './dashboards/index.ts';
import sales from './coupons/sales.ts';
import courses from './courses/index.ts';
import gifts from './gifts/index.ts';
import teams from './teams/index.ts';
import health from './health.ts';
import instalments from './instalments/index.ts';
import media from './media/index.ts';
import notifications from './notifications/index.ts';
import reviews from './reviews/index.ts';
import wishlist from './wishlist/index.ts';
import mediaFiles from './media/files.ts';
import hls from './media/hls.ts';
import mediaKeys from './media/keys.ts';
import protection from './protection/index.ts';
import videoStatus from './media/video-status.ts';
import orders from './orders/index.ts';
import payments from './payments/index.ts';
import payouts from './payouts/index.ts';
import progress from './progress/index.ts';
import quizzes from './quizzes/index.ts';
import questions from './questions/index.ts';
import referrals from './referrals/index.ts';
import sandboxPage from './payments/sandbox-page.ts';
import sandboxTest from './payments/sandbox-test.ts';
import security from './security/index.ts';

/** Every API area, registered under /dl/api/v1. One folder per area; thin handlers only. */
export async function registerApiRoutes(api: FastifyInstance) {
  await api.register(health);
  await api.register(accounts);
  await api.register(security);
  await api.register(courses);
  await api.register(media);
  await api.register(videoStatus);
  await api.register(payments);
  await api.register(orders);
  await api.register(payouts);
  await api.register(instalments);
  await api.register(progress);
  await api.register(quizzes);
  await api.register(questions);
  await api.register(reviews);
  await api.register(notifications);
  await api.register(wishlist);
  await api.register(certificates);
  await api.register(coupons);
  await api.register(dashboards);
  await api.register(sales);
  await api.register(referrals);
  await api.register(audit);
  await api.register(cohorts);
  await api.register(protection);
  await api.register(assignments);
  await api.register(assignmentUpload);
  await api.register(assignmentPeople);
  await api.register(gifts);
  await api.register(captions);
  await api.register(teams);
}

/** Routes outside the API base: media files (/media/...) and the sandbox payment page (/sandbox-pay/...). */
export async function registerPublicRoutes(app: FastifyInstance) {
  await app.register(mediaFiles);
  await app.register(hls);
  await app.register(mediaKeys);
  await app.register(sandboxPage);
  await app.register(sandboxTest);
}
