import type { FastifyInstance } from 'fastify';
import accounts from './accounts/index.ts';
import courses from './courses/index.ts';
import media from './media/index.ts';
import mediaFiles from './media/files.ts';
import payments from './payments/index.ts';
import sandboxPage from './payments/sandbox-page.ts';

/** Every API area, registered under /dl/api/v1. One folder per area; thin handlers only. */
export async function registerApiRoutes(api: FastifyInstance) {
  await api.register(accounts);
  await api.register(courses);
  await api.register(media);
  await api.register(payments);
}

/** Routes outside the API base: media files (/media/...) and the sandbox payment page (/sandbox-pay/...). */
export async function registerPublicRoutes(app: FastifyInstance) {
  await app.register(mediaFiles);
  await app.register(sandboxPage);
}
