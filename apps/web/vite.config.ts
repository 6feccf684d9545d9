import { gzipSync } from 'node:zlib';
import { defineConfig } from 'vitest/config';
import type { Plugin } from 'vite';
import react from '@vitejs/plugin-react';

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

export default defineConfig({
  plugins: [react(), initialJsReport()],
  server: {
    proxy: {
      '/dl': 'http://localhost:3000',
      '/media': 'http://localhost:3000',
      '/sandbox-pay': 'http://localhost:3000',
    },
  },
  build: { outDir: 'dist', sourcemap: false },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
  },
});
