import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { defineConfig } from 'vitest/config';
import type { Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import sharp from 'sharp';
import { VitePWA } from 'vite-plugin-pwa';

const INITIAL_JS_TARGET_KB = 110;

/**
 * Prints the JS a first visit to / downloads: the entry chunk of index.html plus every chunk it imports
 * statically (the ones Vite modulepreloads), gzip-compressed. Lazy chunks are not counted.
 */
function initialJsReport(): Plugin {
  let report = '';
  return {
    name: 'initial-js-report',
    apply: 'build',
    writeBundle(_options, bundle) {
      const chunks = new Map<string, { code: string; imports: string[] }>();
      for (const [file, out] of Object.entries(bundle))
        if (out.type === 'chunk') chunks.set(file, { code: out.code, imports: out.imports });
      const entry =
        Object.entries(bundle).find(
          ([, out]) => out.type === 'chunk' && out.isEntry && out.facadeModuleId?.endsWith('index.html'),
        ) ?? Object.entries(bundle).find(([, out]) => out.type === 'chunk' && out.isEntry);
      if (!entry) return;
      const seen = new Set<string>();
      const visit = (file: string) => {
        if (seen.has(file)) return;
        seen.add(file);
        chunks.get(file)?.imports.forEach(visit);
      };
      visit(entry[0]);
      const bytes = [...seen].reduce((sum, f) => sum + gzipSync(chunks.get(f)?.code ?? '').length, 0);
      // 1 KB = 1000 bytes, as in Vite's own size report, so the two numbers agree.
      const kb = bytes / 1000;
      report = `initial JS for /: ${kb.toFixed(1)} KB gzip (target ${INITIAL_JS_TARGET_KB} KB)`;
      if (kb > INITIAL_JS_TARGET_KB) report += ' OVER TARGET';
    },
    closeBundle() {
      if (report) console.log(report);
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

const THEME = '#0a7d4f';

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

export default defineConfig({
  // `@/x` is `src/x` (tsconfig.json's paths say the same to TypeScript, tsconfig.depcruise.json to dependency-cruiser).
  resolve: { alias: [{ find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) }] },
  plugins: [
    react(),
    initialJsReport(),
    inlineEntryCss(),
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
  ],
  server: {
    proxy: {
      '/dl': 'http://localhost:3000',
      '/media': 'http://localhost:3000',
      '/sandbox-pay': 'http://localhost:3000',
    },
  },
  // The manifest tells the server which files a lazy screen needs, so it can preload them with the page.
  build: { outDir: 'dist', sourcemap: false, manifest: true },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
  },
});
