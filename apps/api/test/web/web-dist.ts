import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { QUERY_STATE_ID } from '@app/contract/server-render';

// The built index.html in miniature: the page-head markers around the defaults, as apps/web/index.html has them.
const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <!--page-head-->
    <title>DevLearn</title>
    <meta name="description" content="default" />
    <!--/page-head-->
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

// Vite's build manifest in miniature: the course and category screens share a style sheet, search has its own.
const MANIFEST = {
  'index.html': { file: 'assets/index-E.js', isEntry: true, css: ['assets/index-E.css'] },
  'src/features/catalogue/CourseDetailPage.tsx': {
    file: 'assets/CourseDetailPage-C.js',
    imports: ['index.html'],
    css: ['assets/catalogue-K.css'],
  },
  'src/features/catalogue/CategoryPage.tsx': {
    file: 'assets/CategoryPage-G.js',
    imports: ['index.html'],
    css: ['assets/catalogue-K.css'],
  },
  'src/app/OtherRoutes.tsx': { file: 'assets/OtherRoutes-O.js', imports: ['index.html'] },
  'src/features/search/SearchPage.tsx': {
    file: 'assets/SearchPage-S.js',
    imports: ['index.html'],
    css: ['assets/search-S.css'],
  },
};

/** The lazy screens' style sheets, each written with one rule naming it (`.catalogue-K{color:red}`). */
const SCREEN_CSS = ['assets/catalogue-K.css', 'assets/search-S.css'];

/** How the document carries a screen's style sheet (routes/web/chunks.ts): its text, and its file's link unfetched. */
export const inlinedSheet = (css: string) =>
  `<style>.${path.basename(css, '.css')}{color:red}</style>` +
  `<link rel="stylesheet" crossorigin href="/${css}" disabled />`;

/** How long a file's setup may take when it builds the server render first (a few seconds alone, more on a busy machine). */
export const SERVER_RENDER_SETUP_MS = 180_000;

const webApp = fileURLToPath(new URL('../../../web/', import.meta.url));
let serverEntry: string | undefined;

/**
 * The web app's server render, built from the current source once per test process (`vite build --ssr`, a few
 * seconds; one self-contained module, so it runs from any folder): the API renders the real pages with it.
 */
function builtServerEntry(): string {
  if (serverEntry) return serverEntry;
  const out = mkdtempSync(path.join(tmpdir(), 'devlearn-ssr-'));
  execFileSync(
    'npx',
    [
      'vite',
      'build',
      '--ssr',
      'src/entry-server.tsx',
      '--outDir',
      out,
      '--emptyOutDir',
      '--logLevel',
      'error',
    ],
    { cwd: webApp, stdio: 'inherit' },
  );
  serverEntry = out;
  return out;
}

/**
 * A temporary web build for the server to serve: the template, an empty assets folder, the manifest and (unless
 * `serverRender` is false) the real server render of the public pages.
 */
export function miniatureWebDist({ serverRender = true } = {}): string {
  const webDist = mkdtempSync(path.join(tmpdir(), 'devlearn-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  for (const css of SCREEN_CSS)
    writeFileSync(path.join(webDist, css), `.${path.basename(css, '.css')}{color:red}`);
  writeFileSync(path.join(webDist, 'index.html'), TEMPLATE);
  mkdirSync(path.join(webDist, '.vite'));
  writeFileSync(path.join(webDist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  if (serverRender) cpSync(builtServerEntry(), path.join(webDist, 'server'), { recursive: true });
  return webDist;
}

/** What the server put inside the root: from its opening tag to the query state (or the end of the body). */
export function rootOf(html: string): string {
  const start = html.indexOf('<div id="root">');
  const state = html.indexOf(`<script type="application/json" id="${QUERY_STATE_ID}"`);
  return html.slice(start, state >= 0 ? state : html.indexOf('</body>'));
}

/** The dehydrated query state the page carries for the browser (its queries' keys and data). */
export function queryStateOf(html: string): { queries: { queryKey: unknown[]; state: { data: unknown } }[] } {
  const m = new RegExp(`<script type="application/json" id="${QUERY_STATE_ID}">(.*?)</script>`, 's').exec(
    html,
  );
  if (!m) throw new Error('the page carries no query state');
  return JSON.parse(m[1]!) as { queries: { queryKey: unknown[]; state: { data: unknown } }[] };
}
