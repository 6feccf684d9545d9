import type { FastifyInstance } from 'fastify';
import adminCourseRoutes from './admin.ts';
import catalogueRoutes from './catalogue.ts';
import tutorCourseRoutes from './tutor.ts';

/** The course area: public catalogue, tutor authoring and admin review. */
export default async function courseRoutes(app: FastifyInstance) {
  await app.register(catalogueRoutes);
  await app.register(tutorCourseRoutes);
  await app.register(adminCourseRoutes);
}
