import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { httpDuration, httpInFlight, metricsRegistry } from '../lib/metrics.ts';
import { currentRequest } from '../lib/request-context.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where METRICS_PORT's listener listens once the server is ready (null without METRICS_PORT). */
    metricsAddress(): AddressInfo | null;
  }
}

const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;

/**
 * Request ids and the Prometheus endpoint (docs/OPERATIONS.md):
 * - every answer carries `x-request-id` (Fastify's `genReqId`: the caller's when well formed), every error answer
 *   its `responseDto.requestId`, and log lines written while the request is handled its `reqId`;
 * - each request is timed by route pattern (never the raw URL) and status class, and counted while in flight;
 * - `GET /metrics` is served on METRICS_PORT by a listener of its own, or else on the main port with
 *   `Authorization: Bearer $METRICS_TOKEN`; without either it is a 404.
 */
export function registerObservability(app: FastifyInstance, config: Config) {
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    httpInFlight.inc();
    reply.raw.once('close', () => httpInFlight.dec());
    currentRequest.run(req.id, done);
  });
  // Reading the body leaves the request's async context; the handler runs in it again.
  app.addHook('preHandler', (req, _reply, done) => currentRequest.run(req.id, done));
  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url ?? 'unmatched';
    httpDuration.observe(
      { method: req.method, route, status: statusClass(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });
  app.addHook('onSend', async (req, reply, payload) => {
    reply.header('x-request-id', req.id);
    if (reply.statusCode < 400 || typeof payload !== 'string' || !payload.includes('"responseDto"'))
      return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
    try {
      const body = JSON.parse(payload) as { responseDto?: Record<string, unknown> };
      if (!body.responseDto || typeof body.responseDto !== 'object') return payload;
      body.responseDto.requestId = req.id;
      return JSON.stringify(body);
    } catch {
      return payload;
    }
  });

  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    if (config.metricsPort !== undefined || !config.metricsToken) {
      return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    }
    if (!bearerMatches(req.headers.authorization, config.metricsToken)) {
      return reply
        .status(401)
        .header('WWW-Authenticate', 'Bearer')
        .type('text/plain; charset=utf-8')
        .send('Send Authorization: Bearer <METRICS_TOKEN>.');
    }
    return reply
      .header('Cache-Control', 'no-store')
      .type(metricsRegistry.contentType)
      .send(await metricsRegistry.metrics());
  });

  let server: Server | null = null;
  app.decorate('metricsAddress', () => (server?.address() as AddressInfo | null) ?? null);
  if (config.metricsPort === undefined) return;
  const port = config.metricsPort;
  app.addHook('onReady', async () => {
    server = createServer((req, res) => void answerMetrics(req, res, config.metricsToken));
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(port, config.host, () => resolve());
    });
  });
  app.addHook('onClose', async () => {
    if (!server) return;
    server.closeAllConnections();
    await new Promise((resolve) => server!.close(resolve));
  });
}

/** METRICS_PORT's listener: `GET /metrics` only (with the token too when METRICS_TOKEN is set). */
async function answerMetrics(req: IncomingMessage, res: ServerResponse, token: string | undefined) {
  if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
    return;
  }
  if (token && !bearerMatches(req.headers.authorization, token)) {
    res.writeHead(401, { 'www-authenticate': 'Bearer' }).end();
    return;
  }
  try {
    const body = await metricsRegistry.metrics();
    res
      .writeHead(200, { 'content-type': metricsRegistry.contentType, 'cache-control': 'no-store' })
      .end(body);
  } catch {
    res.writeHead(500).end();
  }
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/i.exec(header ?? '')?.[1] ?? '');
  const want = Buffer.from(token);
  return given.length === want.length && timingSafeEqual(given, want);
}
