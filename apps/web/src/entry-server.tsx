/**
 * The server's render of the public pages, built by `vite build --ssr` into dist/server/entry-server.js and loaded
 * by the API at start (apps/api/src/routes/web/renderer.ts). The same route objects and components as the browser:
 * React Router renders statically for the request's URL, the page's data comes through the screens' own query
 * options (their calls sent into the API in the same process, as a guest), and the query cache goes into the page
 * dehydrated, so the browser's first render (main.tsx, hydrateRoot) is this one.
 */
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { matchRoutes, StaticRouter, type Params } from 'react-router';
import {
  defaultShouldDehydrateQuery,
  dehydrate,
  QueryClient,
  type FetchQueryOptions,
} from '@tanstack/react-query';
import { CERTIFICATE_CODE } from '@app/contract/certificates';
import type { Locale } from '@app/contract/locales';
import { languageParam, readSearchParams } from '@app/contract/search-page';
import { AppFrame } from './app/App.tsx';
import { AppRoutes, preloadScreen, routes } from './app/routes.tsx';
import { studentRoutes } from './app/routes-student.tsx';
import { courseQuery } from './features/catalogue/api/course-detail.ts';
import { reviewsQuery } from './features/catalogue/api/reviews.ts';
import { studentCoursesQuery } from './features/catalogue/api/student-courses.ts';
import { certificateQuery } from './features/certificates/api/certificate.ts';
import { searchPageQuery } from './features/search/api/search-page.ts';
import { ApiError, setApiFetch } from './lib/api.ts';
import { activateLocale, loadLocale } from './lib/i18n/index.ts';
import { cohortListQuery } from './lib/queries/cohorts.ts';
import type { SentError } from './lib/query-state.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the queries of one page differ in their data
type AnyQuery = FetchQueryOptions<any, any, any, any>;

/** What one page needs before it renders: its queries, or `missing` when its path names nothing (a bad id). */
type Needs = { queries: AnyQuery[]; missing?: boolean };

const positiveId = (value: string | undefined) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/**
 * The pages the server renders, by the path of their route in routes-public.tsx ('' for home, '*' the unknown page),
 * with what each prefetches: exactly the queries its screen runs for a guest on its first render.
 */
const SERVER_PAGES: Record<string, (params: Params, query: URLSearchParams) => Needs> = {
  '': () => ({ queries: [studentCoursesQuery(0)] }),
  'category/:id': (p, query) => ({
    queries: [studentCoursesQuery(0, p.id, languageParam(query.get('language')))],
  }),
  'course/:id': (p) => {
    const id = positiveId(p.id);
    return id
      ? { queries: [courseQuery(id, false), reviewsQuery(id, 0), cohortListQuery(id)] }
      : { queries: [], missing: true };
  },
  search: (_, query) => {
    const s = readSearchParams(query);
    return { queries: s.q ? [searchPageQuery(s)] : [] };
  },
  'certificate/:code': (p) =>
    CERTIFICATE_CODE.test(p.code ?? '')
      ? { queries: [certificateQuery(p.code!)] }
      : { queries: [], missing: true },
  teaching: () => ({ queries: [] }),
  '*': () => ({ queries: [], missing: true }),
};

export type Rendered = {
  /** The HTML inside the root element. */
  html: string;
  /** The dehydrated query cache, as JSON safe inside a <script> element. */
  state: string;
  /** 200; 404 for the unknown page, an unknown course or certificate; 503 when a call failed (not to be cached). */
  status: number;
};

export type ServerFetch = (url: string, init: RequestInit) => Promise<Response>;

/** JSON that no `</script>` or `<!--` inside can end early. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * The app's words and formats follow one active language (lib/i18n), so renders in different languages take turns
 * for the part that reads them: activating the page's language and rendering it. A render waits for no data there
 * (everything is prefetched), so a turn is short.
 */
let turn: Promise<unknown> = Promise.resolve();
function inTurn<T>(work: () => Promise<T>): Promise<T> {
  const run = turn.then(work);
  turn = run.catch(() => undefined);
  return run;
}

/**
 * The renderer over `fetch`, which answers the app's API calls (the API's in-process requests). `render(url)` answers
 * a public page's HTML and state, or null for a page the browser renders alone (signed-in areas, sign-in forms).
 */
export function createRenderer(fetch: ServerFetch) {
  setApiFetch(fetch);
  return async function render(href: string, locale: Locale = 'en'): Promise<Rendered | null> {
    const url = new URL(href);
    const matches = matchRoutes(routes, url.pathname);
    // Root, Frame, the page: only pages in the shared frame. The frame's other pages ('*') are the student screens,
    // which the browser renders alone, and the unknown page.
    const leaf = matches?.length === 3 ? matches[2]! : undefined;
    const student = leaf?.route.path === '*' && matchRoutes(studentRoutes, url.pathname) !== null;
    const page = leaf && !student && SERVER_PAGES[leaf.route.index ? '' : (leaf.route.path ?? '')];
    if (!page) return null;
    const needs = page(leaf.params, url.searchParams);

    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
    // The screen's code too: nothing suspends, so the page is one piece of HTML with no script to put it together.
    await Promise.all([
      ...needs.queries.map((q) => client.prefetchQuery({ ...q, retry: false })),
      preloadScreen(url.pathname),
      loadLocale(locale),
    ]);
    const errors = client
      .getQueryCache()
      .getAll()
      .map((q) => q.state.error)
      .filter((e): e is Error => e != null);
    const status = errors.some((e) => !(e instanceof ApiError) || e.status >= 500 || e.status === 0)
      ? 503
      : needs.missing || errors.some((e) => e instanceof ApiError && e.status === 404)
        ? 404
        : 200;

    const html = await inTurn(async () => {
      await activateLocale(locale);
      const { prelude } = await prerender(
        <StrictMode>
          <AppFrame client={client}>
            <StaticRouter location={url.pathname + url.search + url.hash}>
              <AppRoutes />
            </StaticRouter>
          </AppFrame>
        </StrictMode>,
        // Never a boundary sent apart to be put in place by an inline script (the Content-Security-Policy allows
        // none): the page is one piece.
        { progressiveChunkSize: Number.POSITIVE_INFINITY },
      );
      return new Response(prelude).text();
    });
    const state = dehydrate(client, {
      shouldDehydrateQuery: (q) => defaultShouldDehydrateQuery(q) || q.state.status === 'error',
      shouldRedactErrors: () => false,
    });
    // A refusal as its parts: the browser makes it an ApiError again (lib/query-state.ts).
    for (const q of state.queries) {
      const e = q.state.error;
      if (e instanceof ApiError) {
        const sent: SentError = { status: e.status, message: e.message, body: e.body };
        (q.state as { error: unknown }).error = sent;
      }
    }
    return { html, state: scriptJson(state), status };
  };
}
