import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { API_BASE } from '@app/contract/common';
import { EARLY_CLICKS_SCRIPT } from '@app/contract/server-render';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import type { Db } from './db/client.ts';
import { backfillCards } from './queries/course-cards.ts';
import { WordStats } from './queries/search/word-stats.ts';
import { CardWriter, CatalogueCache, LiveStreams, registerHttpCaching, type Listen } from './cache/index.ts';
import { refusal } from './errors.ts';
import './jobs/index.ts';
import { queueDepth, startWorkers, type WorkerOptions } from './queue/queue.ts';
import { TRANSCODE_JOB } from './commands/transcode-media.ts';
import { ENCRYPT_LADDER_JOB } from './commands/encrypt-ladder.ts';
import { startOrphanSweeps } from './commands/sweep-orphans.ts';
import { finishJson, registerCrossOrigin } from './plugins/cross-origin.ts';
import { registerErrorHandler } from './plugins/errors.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerObservability } from './plugins/observability.ts';
import { setQueueDepthReader } from './lib/metrics.ts';
import { requestIdMixin, requestIdOf } from './lib/request-context.ts';
import { registerApiRoutes, registerPublicRoutes } from './routes/index.ts';
import { registerWebApp } from './routes/web/index.ts';
import { createServices } from './services/index.ts';

/** How long after start the server begins building missing course cards. */
const CARD_BACKFILL_DELAY_MS = 3000;

/** Where the built web app lives (apps/web/dist), from both src/ and dist/ of apps/api. */
const defaultWebDist = fileURLToPath(new URL('../../web/dist/', import.meta.url));

export type BuildOptions = {
  config: Config;
  db: Db;
  /** Replace outside-world services (tests hand in fakes); anything not given is built from config. */
  services?: Partial<Pick<AppContext, 'mailer' | 'storage' | 'payments'>>;
  /** false: no logs (tests); a stream: JSON log lines go there (tests read them). */
  logger?: boolean | { level: string; stream?: NodeJS.WritableStream };
  /** Job worker timings (tests shorten them); the worker starts when the server is ready. */
  jobs?: WorkerOptions;
  /** The database's LISTEN, for cache invalidations from other instances (without it: this instance only). */
  listen?: Listen;
  webDist?: string;
};

/** Builds the server: plugins (errors, security, rate limit, docs) then the API routes, media and the web app. */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config, db } = opts;
  const logger = opts.logger ?? { level: config.logLevel };
  const app = Fastify({
    logger: typeof logger === 'object' ? { ...logger, mixin: requestIdMixin } : logger,
    // Every request's id (x-request-id, docs/OPERATIONS.md): the caller's when well formed, else a new one.
    requestIdHeader: false,
    genReqId: requestIdOf,
    bodyLimit: 1024 * 1024,
    // Behind nginx, the client's address comes from X-Forwarded-For, so per-client limits count clients.
    trustProxy: config.trustProxy,
  });
  app.setValidatorCompiler(validatorCompiler);
  registerCrossOrigin(app, config);
  registerErrorHandler(app);
  registerObservability(app, config);
  setQueueDepthReader(() => queueDepth(db));

  const log: FastifyBaseLogger = app.log;
  const services = await createServices(config, db, log);
  const cache = new CatalogueCache({
    db,
    redis: services.redis,
    listen: opts.listen,
    log,
    maxBytes: config.cacheMaxBytes,
    finishJson: finishJson(config),
  });
  const liveStreams = new LiveStreams(cache);
  const cards = new CardWriter({ db, log });
  const wordStats = new WordStats(db);
  const ctx: AppContext = {
    config,
    db,
    log,
    worker: null,
    ...services,
    cache,
    liveStreams,
    cards,
    wordStats,
    ...opts.services,
  };
  app.decorate('ctx', ctx);
  await cache.start();
  let stopSweeps = () => {};
  let closing = false;
  let backfill: Promise<unknown> = Promise.resolve();
  let backfillTimer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    if (config.jobWorker) {
      ctx.worker = startWorkers(ctx, opts.jobs ?? {}, [TRANSCODE_JOB, ENCRYPT_LADDER_JOB]);
      stopSweeps = startOrphanSweeps(ctx);
      // Cards of published courses that have none (a bulk load, a database restored from before cards), in the
      // background: until a card is built its course is presented on each read. A few seconds after
      // start, so that it does not slow the start itself (bench:startup) or the first requests.
      backfill = new Promise<void>((resolve) => {
        backfillTimer = setTimeout(() => {
          backfillTimer = undefined;
          resolve();
        }, CARD_BACKFILL_DELAY_MS);
      }).then(() =>
        closing
          ? undefined
          : backfillCards(ctx, () => closing).catch((err: unknown) =>
              log.warn(
                { err },
                'course cards backfill stopped; guests build the missing cards as they read them',
              ),
            ),
      );
    }
  });
  app.addHook('onClose', async () => {
    closing = true;
    // Not started yet: it never will. Started: wait for its current batch.
    if (backfillTimer) {
      clearTimeout(backfillTimer);
      backfillTimer = undefined;
      backfill = Promise.resolve();
    }
    stopSweeps();
    await backfill;
    await cards.close();
    await wordStats.settled();
    await ctx.worker?.stop();
    await cache.close();
    await ctx.redis?.quit().catch(() => undefined);
  });
  app.decorateRequest('account', null);

  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'blob:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The one inline script: the rendered pages' keeper of taps made before hydration (routes/web/head.ts).
        scriptSrc: [
          "'self'",
          `'sha256-${createHash('sha256').update(EARLY_CLICKS_SCRIPT).digest('base64')}'`,
        ],
        connectSrc: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginResourcePolicy: { policy: 'same-site' },
    crossOriginEmbedderPolicy: false,
  });
  // Only with CORS_ORIGINS: without it no other origin is let in, and no request pays for the plugin's hook.
  if (config.corsOrigins.length)
    await app.register(cors, {
      origin: config.corsOrigins,
      allowedHeaders: ['Content-Type', 'apiKey', 'Authorization'],
    });
  await app.register(rateLimit, {
    global: false,
    // With Redis the counters are shared, so N instances allow what one would; without it they live in memory.
    ...(ctx.redis ? { redis: ctx.redis, nameSpace: 'devlearn:rate:', skipOnError: true } : {}),
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      ...refusal(`Too many attempts. Please wait ${Math.ceil(ctx.ttl / 1000)} seconds and try again.`),
    }),
  });
  await registerHttpCaching(app);
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'DevLearn API',
        version: '1.0.0',
        description: 'Course marketplace API. Send the login token in the apiKey header.',
      },
      components: { securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'apiKey' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });

  await app.register(
    async (api) => {
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
      await registerApiRoutes(api);
    },
    { prefix: API_BASE },
  );
  await registerPublicRoutes(app);

  await registerWebApp(app, opts.webDist ?? defaultWebDist);
  return app;
}
