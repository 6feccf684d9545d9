// Bundles the API (and the contract's TypeScript) into dist/main.js; npm packages stay external.
import { build } from 'esbuild';
import { cpSync, readFileSync, rmSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((d) => !d.startsWith('@app/'));

// API_OUT_DIR lets the e2e runner build into its own folder (same depth as dist/) without touching dist/.
const out = process.env.API_OUT_DIR ?? 'dist';
rmSync(out, { recursive: true, force: true });
await build({
  entryPoints: ['src/main.ts'],
  outfile: `${out}/main.js`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
cpSync('src/db/migrations', `${out}/migrations`, { recursive: true });
console.log(`api built: apps/api/${out}/main.js`);
