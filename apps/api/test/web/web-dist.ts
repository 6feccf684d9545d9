import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PRELOAD_ELEMENT_ID } from '@app/contract/endpoints';

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
  'src/features/search/SearchPage.tsx': {
    file: 'assets/SearchPage-S.js',
    imports: ['index.html'],
    css: ['assets/search-S.css'],
  },
};

/** A temporary web build (the template, an empty assets folder and the manifest) for the server to serve. */
export function miniatureWebDist(): string {
  const webDist = mkdtempSync(path.join(tmpdir(), 'devlearn-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), TEMPLATE);
  mkdirSync(path.join(webDist, '.vite'));
  writeFileSync(path.join(webDist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  return webDist;
}

/** What the server put inside the root: from its opening tag to the embedded answers (or the end of the body). */
export function rootOf(html: string): string {
  const start = html.indexOf('<div id="root">');
  const answers = html.indexOf(`<script type="application/json" id="${PRELOAD_ELEMENT_ID}"`);
  return html.slice(start, answers >= 0 ? answers : html.indexOf('</body>'));
}
