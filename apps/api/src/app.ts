import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { API_BASE } from '@app/contract/common';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import type { Db } from './db/client.ts';
import { refusal } from './errors.ts';
import { registerErrorHandler } from './plugins/errors.ts';
import { registerApiRoutes, registerPublicRoutes } from './routes/index.ts';
import { createServices } from './services/index.ts';

/** Where the built web app lives (apps/web/dist), from both src/ and dist/ of apps/api. */
const defaultWebDist = fileURLToPath(new URL('../../web/dist/', import.meta.url));

export type BuildOptions = {
  config: Config;
  db: Db;
  /** Replace outside-world services (tests hand in fakes); anything not given is built from config. */
  services?: Partial<Pick<AppContext, 'mailer' | 'storage' | 'payments'>>;
  logger?: boolean | { level: string };
  webDist?: string;
};

/** Builds the server: plugins (errors, security, rate limit, docs) then the API routes, media and the web app. */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config, db } = opts;
  const app = Fastify({
    logger: opts.logger ?? { level: config.logLevel },
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  const log: FastifyBaseLogger = app.log;
  const services = createServices(config, db, log);
  const ctx: AppContext = { config, db, log, ...services, ...opts.services };
  app.decorate('ctx', ctx);
  app.decorateRequest('account', null);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'blob:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginResourcePolicy: { policy: 'same-site' },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(cors, {
    origin: config.corsOrigins.length ? config.corsOrigins : false,
    allowedHeaders: ['Content-Type', 'apiKey', 'Authorization'],
  });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      ...refusal(`Too many attempts. Please wait ${Math.ceil(ctx.ttl / 1000)} seconds and try again.`),
    }),
  });
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

  const webDist = opts.webDist ?? defaultWebDist;
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      setHeaders: (reply, file) => {
        // Vite's hashed assets never change; index.html always revalidates.
        reply.header(
          'Cache-Control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/dl/') || req.method !== 'GET') {
      return reply.status(404).send(refusal(`No such API call: ${req.method} ${req.url.split('?')[0]}`));
    }
    if (!hasWeb) {
      return reply
        .type('text/html')
        .send(
          '<!doctype html><title>DevLearn</title><p>The web app is not built yet. Run <code>npm start</code> or <code>npm run build</code>.</p>',
        );
    }
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
  return app;
}
