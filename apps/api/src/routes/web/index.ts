import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { requestLocale, type Locale } from '@app/contract/locales';
import { refusal } from '../../errors.ts';
import { chunkPreloader } from './chunks.ts';
import { escapeHtml, renderDocument, renderHead, type RootContent } from './head.ts';
import { pageFor, pageQuery, robotsTxt, sitemapXml } from './pages.ts';
import { loadRenderer, NO_SERVER_ENTRY, SERVER_ENTRY } from './renderer.ts';

/** Files the build makes (scripts, styles, images, fonts, source maps, manifests) end in one of these. */
const FILE_EXTENSION =
  /\.(?:m?js|css|map|json|webmanifest|png|jpe?g|gif|webp|avif|svg|ico|woff2?|ttf|txt|xml|wasm)$/i;

/** A path that names a built file (under /assets/, or with a file's extension) that is not there. */
const isMissingFile = (pathname: string) => pathname.startsWith('/assets/') || FILE_EXTENSION.test(pathname);

/** What stands in the root, with a 500, when the web build has no server entry to render the page. */
const NOT_RENDERED: RootContent = {
  html: `<main id="main" class="container"><h1>This page could not be rendered</h1><p>${escapeHtml(NO_SERVER_ENTRY)}</p></main>`,
  state: null,
};

/** The document in a language: `<html lang>` (the browser's first render reads its language from it). */
const withLang = (template: string, locale: Locale) =>
  template.replace(/<html lang="[^"]*"/, `<html lang="${locale}"`);

/** A language's catalog in the web build's manifest (src/locales/<locale>.po, its own chunk). */
const catalogModule = (locale: Locale) => `src/locales/${locale}.po`;

/**
 * The built web app: hashed assets (cached for a year), robots.txt, sitemap.xml, and for every other GET path
 * the app's index.html with that page's title, description, canonical link and Open Graph/Twitter tags. The public
 * pages (home, a category, a course, search, a certificate, teaching, the unknown page) are rendered into it by the
 * web app's own server entry (renderer.ts) with the query state the browser hydrates; the others are rendered by
 * the browser alone.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string) {
  const { ctx } = app;
  const indexFile = path.join(webDist, 'index.html');
  const template = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;
  const preloadChunks = chunkPreloader(webDist);
  const render = template ? await loadRenderer(app, webDist) : null;

  app.get('/robots.txt', async (_req, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(robotsTxt(ctx)),
  );
  app.get('/sitemap.xml', async (_req, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(await sitemapXml(ctx)),
  );

  if (template) {
    await app.register(fastifyStatic, {
      root: webDist,
      // The server's render (dist/server) is code the API runs, not a file for browsers.
      allowedPath: (pathName) => !pathName.startsWith(`/${path.dirname(SERVER_ENTRY)}/`),
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text asset (scripts/precompress.mjs); sent by Accept-Encoding.
      preCompressed: true,
      setHeaders: (reply, file) => {
        // Vite's hashed assets never change; everything else (index.html, the service worker) revalidates.
        reply.header(
          'Cache-Control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler(async (req, reply) => {
    if (req.url.startsWith('/dl/') || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return reply.status(404).send(refusal(`No such API call: ${req.method} ${req.url.split('?')[0]}`));
    }
    const raw = req.url.split('?')[0] ?? '/';
    if (isMissingFile(raw)) {
      // Never the app's page in place of a script or style sheet: a browser holding a page of an older build
      // (or the service worker precaching one) must see that the file is gone, not run HTML as JavaScript.
      return reply
        .status(404)
        .type('text/plain; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        .send('Not found');
    }
    if (!template) {
      return reply
        .type('text/html')
        .send(
          '<!doctype html><title>DevLearn</title><p>The web app is not built yet. Run <code>npm start</code> or <code>npm run build</code>.</p>',
        );
    }
    let pathname = raw;
    try {
      pathname = decodeURI(raw);
    } catch {
      /* a malformed escape: use the path as sent */
    }
    // Pages come from the answer cache like the API's JSON (the same tags invalidate them: a course's, a list's),
    // compressed once per entry; the ETag names the page, not its encoding. A signed-in visitor gets the same
    // (guest's) page: what is theirs arrives after hydration.
    // The page's language (docs/i18n.md): the visitor's choice (the `lang` cookie), else the first of ours that
    // Accept-Language names, else English. Each language's page is its own entry, and the answer varies on both.
    const locale = requestLocale(req.headers.cookie, req.headers['accept-language']);
    reply.header('vary', 'Accept-Language, Cookie');
    const query = new URLSearchParams(req.url.slice(raw.length + 1));
    const key = `page|${locale}|${pathname}${pageQuery(pathname, query)}`;
    await ctx.cache.servePage(req, reply, key, async () => {
      const [page, rendered] = await Promise.all([
        pageFor(ctx, pathname, query, locale),
        render ? render(new URL(req.url, ctx.config.publicUrl).href, locale) : null,
      ]);
      const root = render ? rendered : NOT_RENDERED;
      const html = renderDocument(
        withLang(template, locale),
        [
          renderHead(page.head),
          preloadChunks(catalogModule(locale)),
          preloadChunks(page.module, { stylesheets: root !== null }),
        ]
          .filter(Boolean)
          .join('\n    '),
        root,
      );
      if (!render) return { html, status: 500 };
      const status = Math.max(page.status, rendered?.status ?? 200);
      // A page whose data could not be read (503) is not kept.
      return { html, status, tags: status < 500 ? page.tags : undefined };
    });
    return reply;
  });
}
