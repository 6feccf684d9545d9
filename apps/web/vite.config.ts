import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { defineConfig } from 'vitest/config';
import type { Plugin, PluginOption, ResolveModulePreloadDependenciesFn, Rolldown } from 'vite';
import react from '@vitejs/plugin-react';
import sharp from 'sharp';
import { VitePWA } from 'vite-plugin-pwa';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
// Relative, not '@app/contract/po': the config is loaded by Node, which takes a workspace package's .ts only bundled.
import { parsePo } from '../../packages/contract/src/po.ts';
import { catalogFiles, catalogText, FIRST_SCREEN_KEYS } from './src/lib/i18n/po-files.ts';
import { pseudoText } from './src/lib/i18n/pseudo.ts';

const INITIAL_JS_TARGET_KB = 110;

/** The chunks a first visit to / loads: the entry chunk of index.html and every chunk it imports statically. */
function initialChunks(bundle: Rolldown.OutputBundle): Set<string> {
  const entry =
    Object.values(bundle).find(
      (out) => out.type === 'chunk' && out.isEntry && out.facadeModuleId?.endsWith('index.html'),
    ) ?? Object.values(bundle).find((out) => out.type === 'chunk' && out.isEntry);
  const seen = new Set<string>();
  const visit = (file: string) => {
    const out = bundle[file];
    if (seen.has(file) || out?.type !== 'chunk') return;
    seen.add(file);
    out.imports.forEach(visit);
  };
  if (entry) visit(entry.fileName);
  return seen;
}

/**
 * The first bundle, measured and kept small:
 * - is one chunk: every module the entry imports statically (collected when the module graph is complete). The
 *   bundler's own splitting cut it into about 17 chunks by which lazy screens share each module, and each cut cost
 *   its imports and exports between chunks and a gzip stream of its own: 5.6 KB gzip more for the same code. A lazy
 *   screen loads after the entry, so what it shares with the first bundle is there already;
 * - prints the JS a first visit to / downloads (the initial chunks, gzip-compressed; lazy chunks are not counted);
 * - leaves the initial chunks out of every lazy import's preload list. The entry has loaded them before any lazy
 *   import can run, so naming them again (in the entry's table of file names and in each import's list) only made
 *   the first bundle bigger, by about 1 KB gzip.
 */
function firstBundle() {
  let initial = new Set<string>();
  const firstModules = new Set<string>();
  let report = '';
  const plugin: Plugin = {
    name: 'first-bundle',
    apply: 'build',
    buildEnd() {
      const walk = (id: string) => {
        if (firstModules.has(id)) return;
        firstModules.add(id);
        this.getModuleInfo(id)?.importedIds.forEach(walk);
      };
      for (const id of this.getModuleIds()) if (this.getModuleInfo(id)?.isEntry) walk(id);
    },
    // Runs before Vite writes the preload lists (its import analysis comes after the user's plugins).
    generateBundle(_options, bundle) {
      initial = initialChunks(bundle);
    },
    writeBundle(_options, bundle) {
      let bytes = 0;
      for (const file of initialChunks(bundle)) {
        const out = bundle[file];
        if (out?.type === 'chunk') bytes += gzipSync(out.code).length;
      }
      // 1 KB = 1000 bytes, as in Vite's own size report, so the two numbers agree.
      const kb = bytes / 1000;
      report = `initial JS for /: ${kb.toFixed(1)} KB gzip (target ${INITIAL_JS_TARGET_KB} KB)`;
      if (kb > INITIAL_JS_TARGET_KB) report += ' OVER TARGET';
    },
    closeBundle() {
      if (report) console.log(report);
    },
  };
  const resolveDependencies: ResolveModulePreloadDependenciesFn = (_file, deps, { hostType }) =>
    hostType === 'html' ? deps : deps.filter((dep) => !initial.has(dep));
  const codeSplitting = {
    groups: [{ name: 'first', test: (id: string) => firstModules.has(id), priority: 100 }],
  };
  return { plugin, resolveDependencies, codeSplitting };
}
const FIRST_BUNDLE = firstBundle();

/**
 * React Router's declarative mode without the data router's code it never runs (Form, useSubmit, fetchers,
 * prefetch links: about 1.4 KB gzip of the first bundle). The package's module assigns `X.displayName = "X"` at
 * the top level and creates its components and contexts with calls the bundler cannot prove pure, so every one of
 * them stayed whether used or not. Here the names (read only by React DevTools) go, and those calls are marked pure,
 * so tree-shaking keeps just what the app imports. A file that does not match is left as it is.
 */
function treeShakeRouter(): Plugin {
  return {
    name: 'tree-shake-react-router',
    apply: 'build',
    transform(code, id) {
      if (!/[/\\]react-router[/\\]dist[/\\][^/\\]+[/\\]chunk-[^/\\]+\.mjs$/.test(id)) return null;
      return code
        .replace(/^[\w$]+\.displayName = "[^"]*";$/gm, '')
        .replace(
          /^var ([\w$]+) = (React\d*)\.(forwardRef|createContext|memo)\(/gm,
          'var $1 = /* @__PURE__ */ $2.$3(',
        );
    },
  };
}

/**
 * Inlines the entry stylesheet (about 3 KB gzip) into index.html: the first paint then waits for no second request
 * (Lighthouse's render-blocking request). Lazy screens keep their own CSS files, loaded with their code.
 */
function inlineEntryCss(): Plugin {
  return {
    name: 'inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        return html.replace(
          /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g,
          (tag, file: string) => {
            const asset = ctx.bundle?.[file];
            if (!asset || asset.type !== 'asset') return tag;
            return `<style>${String(asset.source)}</style>`;
          },
        );
      },
    },
  };
}

/**
 * The app's code is fetched at low priority (`fetchpriority="low"` on the entry's script; the server's modulepreload
 * links say the same, apps/api/src/routes/web/chunks.ts): a server-rendered page is read before its code arrives, so
 * on a phone's slow network the document's image goes first and the code shares what is left. Module scripts never
 * block the first paint, and Lighthouse's simulation then does not count them as if they did.
 */
function lowPriorityCode(): Plugin {
  return {
    name: 'low-priority-code',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html.replace(
          /<script type="module" crossorigin src=/g,
          '<script type="module" crossorigin fetchpriority="low" src=',
        ),
    },
  };
}

/**
 * The PO catalogs as modules: `export const messages`, each message compiled from ICU into Lingui's form at build
 * time, so the browser carries no message parser. An empty translation falls back to the English source (the
 * catalog check, catalogs.test.ts, fails on one). Each language is two lazy chunks (lib/i18n): `<locale>.po`, the
 * first screens' words (the main catalog and the FIRST_SCREEN_KEYS of the areas), and `<locale>.po?areas`, the rest
 * of its areas' catalogs (src/locales/<area>/<locale>.po). The pseudo-locale (`en.po?pseudo`, in a build made with
 * VITE_PSEUDO_LOCALE=true only) is one chunk of the whole English catalog.
 */
function poCatalogs(): Plugin {
  return {
    name: 'po-catalogs',
    transform(_code, id) {
      // `en.po?pseudo` is the pseudo-locale: English with its letters accented (lib/i18n/pseudo.ts).
      const [file = id, query] = id.split('?');
      if (!file.endsWith('.po') || (query !== undefined && query !== 'pseudo' && query !== 'areas'))
        return null;
      const dir = path.dirname(file);
      const locale = path.basename(file, '.po');
      const [main, ...areas] = catalogFiles(dir, locale);
      areas.forEach((area) => this.addWatchFile(area));
      const areaEntries = () => parsePo(areas.map((area) => readFileSync(area, 'utf8')).join('\n'));
      const entries =
        query === 'pseudo'
          ? parsePo(catalogText(dir, locale))
          : query === 'areas'
            ? areaEntries().filter((e) => !FIRST_SCREEN_KEYS.test(e.key))
            : [
                ...parsePo(readFileSync(main!, 'utf8')),
                ...areaEntries().filter((e) => FIRST_SCREEN_KEYS.test(e.key)),
              ];
      const mapText = query === 'pseudo' ? pseudoText : undefined;
      const messages = Object.fromEntries(
        entries.map((e) => [e.key, compileMessageOrThrow(e.translation || e.source, mapText)]),
      );
      return {
        code: `export const messages = JSON.parse(${JSON.stringify(JSON.stringify(messages))});`,
        map: null,
        moduleType: 'js',
      };
    },
  };
}

const THEME = '#0a7d4f';

/** The plugins of the browser's build only: the first bundle's report, the inlined styles, icons, service worker. */
function browserPlugins(): PluginOption[] {
  return [
    FIRST_BUNDLE.plugin,
    inlineEntryCss(),
    lowPriorityCode(),
    appIcons(),
    VitePWA({
      // Registered by src/lib/service-worker.ts after the page has loaded, so it never competes with the first paint.
      injectRegister: false,
      registerType: 'autoUpdate',
      manifest: {
        name: 'DevLearn',
        short_name: 'DevLearn',
        description: 'Video courses by Nigerian tutors, paid in naira.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: THEME,
        background_color: '#f7f9fa',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      // Our own worker (sw/sw.ts: the shell, downloaded lessons, the answers kept for offline), given the list of
      // files to precache: the app shell and the static assets (hashed, so never stale).
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectManifest: { globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'] },
    }),
  ];
}

/**
 * The app icons, drawn at build time from public/favicon.svg with sharp (no image files to keep in step):
 * 192 and 512 px for the manifest, a maskable 512 px one (the mark inside the safe zone on a full green square)
 * and the 180 px apple-touch-icon.
 */
function appIcons(): Plugin {
  const svg = readFileSync(new URL('./public/favicon.svg', import.meta.url));
  const plain = (size: number) => sharp(svg, { density: 1200 }).resize(size, size).png().toBuffer();
  const maskable = async (size: number) =>
    sharp({ create: { width: size, height: size, channels: 4, background: THEME } })
      .composite([{ input: await plain(Math.round(size * 0.6)), gravity: 'centre' }])
      .png()
      .toBuffer();
  return {
    name: 'app-icons',
    apply: 'build',
    async generateBundle() {
      const icons: [string, Promise<Buffer>][] = [
        ['icons/icon-192.png', plain(192)],
        ['icons/icon-512.png', plain(512)],
        ['icons/icon-maskable-512.png', maskable(512)],
        ['icons/apple-touch-icon.png', maskable(180)],
      ];
      for (const [fileName, source] of icons)
        this.emitFile({ type: 'asset', fileName, source: await source });
    },
  };
}

/**
 * The browser's build (dist/), and with `--ssr` the server's render of the public pages (src/entry-server.tsx into
 * dist/server/, which the API loads at start and never serves): one self-contained module for Node, its dependencies
 * bundled in, so the API needs none of the web's packages.
 */
export default defineConfig(({ isSsrBuild }) => ({
  // `@/x` is `src/x` (tsconfig.json's paths say the same to TypeScript, tsconfig.depcruise.json to dependency-cruiser).
  resolve: { alias: [{ find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) }] },

  plugins: [poCatalogs(), react(), treeShakeRouter(), ...(isSsrBuild ? [] : browserPlugins())],
  server: {
    proxy: {
      '/dl': 'http://localhost:3000',
      '/media': 'http://localhost:3000',
      '/sandbox-pay': 'http://localhost:3000',
    },
  },
  // The manifest tells the server which files a lazy screen needs, so it can preload them with the page.
  build: isSsrBuild
    ? { outDir: 'dist/server', sourcemap: false, emptyOutDir: true }
    : {
        outDir: 'dist',
        sourcemap: false,
        manifest: true,
        modulePreload: { resolveDependencies: FIRST_BUNDLE.resolveDependencies },
        rolldownOptions: { output: { codeSplitting: FIRST_BUNDLE.codeSplitting } },
      },
  ssr: { noExternal: true },
  // The server entry bundles React: built for production whatever NODE_ENV the server runs with (React's development
  // build made each render about 4x slower, with a stack captured for every element).
  // Not under Vitest (NODE_ENV=test): there the JSX is compiled for React's development runtime, which needs it.
  define:
    isSsrBuild && process.env.NODE_ENV !== 'test'
      ? { 'process.env.NODE_ENV': JSON.stringify('production') }
      : undefined,
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
  },
}));
