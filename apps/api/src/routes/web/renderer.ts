import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, HTTPMethods } from 'fastify';
import type { Locale } from '@app/contract/locales';

/** A public page as the web app's server entry renders it (apps/web/src/entry-server.tsx). */
export type Rendered = {
  /** The HTML inside the root element. */
  html: string;
  /** The dehydrated query cache, JSON safe inside a <script> element. */
  state: string;
  status: number;
};

/**
 * Renders the page at an absolute URL in a language; null for a page the browser renders alone (signed-in areas,
 * sign-in forms).
 */
export type Render = (url: string, locale: Locale) => Promise<Rendered | null>;

/** Where the web build puts its server entry (`vite build --ssr`), under the web app's dist. */
export const SERVER_ENTRY = path.join('server', 'entry-server.js');

type ServerEntry = { createRenderer(fetch: (url: string, init: RequestInit) => Promise<Response>): Render };

/**
 * The web app's API calls during a render, sent into this server in the same process (Fastify's `inject`): the same
 * operations, validation and answer cache as over the network, with no token (a guest's view).
 */
const inProcessFetch =
  (app: FastifyInstance) =>
  async (url: string, init: RequestInit): Promise<Response> => {
    const res = await app.inject({
      method: (init.method ?? 'GET') as HTTPMethods,
      url,
      headers: init.headers as Record<string, string> | undefined,
      payload: typeof init.body === 'string' ? init.body : undefined,
    });
    const empty = res.statusCode === 204 || res.statusCode === 304;
    const type = res.headers['content-type'];
    return new Response(empty ? null : res.rawPayload, {
      status: res.statusCode,
      headers: typeof type === 'string' ? { 'content-type': type } : {},
    });
  };

/** Renders at once at most (the others wait their turn): a render is CPU work, so more at a time only hold more memory. */
export const RENDERS_AT_ONCE = 4;

/**
 * `render` with at most `max` renders running; the others queue in arrival order. A slot passes straight to the next
 * in the queue, so a newcomer never overtakes it.
 */
export function limitRenders(render: Render, max: number): Render {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (url, locale) => {
    if (running < max) running++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await render(url, locale);
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

/**
 * Loads the web build's server entry (a dynamic import of the built file, so a changed web build needs no change
 * here) and makes its renderer over this server. Null when the web build has no server entry.
 */
export async function loadRenderer(app: FastifyInstance, webDist: string): Promise<Render | null> {
  const file = path.join(webDist, SERVER_ENTRY);
  if (!existsSync(file)) return null;
  const entry = (await import(pathToFileURL(file).href)) as ServerEntry;
  return limitRenders(entry.createRenderer(inProcessFetch(app)), RENDERS_AT_ONCE);
}

/** The root's text when the web build has no server entry: the public pages cannot be rendered (a 500). */
export const NO_SERVER_ENTRY =
  'The web app was built without its server render (apps/web/dist/server/entry-server.js). Run npm run build.';
