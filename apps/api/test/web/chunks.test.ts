import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { chunkPreloader } from '../../src/routes/web/chunks.ts';

// Vite's build manifest in miniature: the entry (its CSS inlined in index.html), a shared chunk, two lazy screens
// sharing one style sheet.
const MANIFEST = {
  'index.html': {
    file: 'assets/index-E.js',
    isEntry: true,
    imports: ['_react-R.js'],
    css: ['assets/index-E.css'],
  },
  '_react-R.js': { file: 'assets/react-R.js' },
  '_money-M.js': { file: 'assets/money-M.js' },
  'src/features/catalogue/CourseDetailPage.tsx': {
    file: 'assets/CourseDetailPage-C.js',
    imports: ['index.html', '_react-R.js', '_money-M.js'],
    css: ['assets/catalogue-K.css'],
  },
  'src/features/catalogue/CategoryPage.tsx': {
    file: 'assets/CategoryPage-G.js',
    imports: ['index.html', '_money-M.js'],
    css: ['assets/catalogue-K.css'],
  },
};

describe("the links that fetch a page's lazy screen with the document", () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'devlearn-chunks-'));
  mkdirSync(path.join(dist, '.vite'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  writeFileSync(
    path.join(dist, 'assets', 'catalogue-K.css'),
    '.card{color:red}.x::after{content:"</style>"}',
  );
  afterAll(() => rmSync(dist, { recursive: true, force: true }));
  const links = chunkPreloader(dist);

  it("preloads the screen's code and styles, never what index.html already has", () => {
    expect(links('src/features/catalogue/CourseDetailPage.tsx').split('\n    ')).toEqual([
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/CourseDetailPage-C.js" />',
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/money-M.js" />',
      '<link rel="preload" as="style" crossorigin href="/assets/catalogue-K.css" />',
    ]);
  });

  it("a page the server paints has the screen's styles in the document, so it paints styled with no other request", () => {
    const html = links('src/features/catalogue/CategoryPage.tsx', { stylesheets: true });
    expect(html.split('\n    ')).toEqual([
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/CategoryPage-G.js" />',
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/money-M.js" />',
      // The sheet's text (a `</style` in it cannot close the element), and its file as a link the browser does not
      // fetch, by which Vite's lazy loader knows the document has it.
      '<style>.card{color:red}.x::after{content:"\\3c /style>"}</style>' +
        '<link rel="stylesheet" crossorigin href="/assets/catalogue-K.css" disabled />',
    ]);
    // Asked again without: the preload, not the cached style sheet.
    expect(links('src/features/catalogue/CategoryPage.tsx')).toContain(
      '<link rel="preload" as="style" crossorigin href="/assets/catalogue-K.css" />',
    );
    expect(links('src/features/catalogue/CategoryPage.tsx')).not.toContain('rel="stylesheet"');
  });

  it('nothing for no module, a module the build does not have, or no build', () => {
    expect(links(undefined, { stylesheets: true })).toBe('');
    expect(links('src/Nope.tsx', { stylesheets: true })).toBe('');
    expect(chunkPreloader(path.join(dist, 'missing'))('src/features/catalogue/CategoryPage.tsx')).toBe('');
  });
});
