// Bundles the API (and the contract's TypeScript) into dist/main.js; npm packages stay external.
// Code splitting: modules imported with `await import()` (the S3, Redis and PostgreSQL clients, the app itself)
// become chunks beside main.js that load only when used, which keeps start-up short. Chunks sit at the same depth
// as main.js, so `import.meta.url`-relative paths (migrations, demo assets, web dist) hold in every chunk.
import { build } from 'esbuild';
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

// Pure-JavaScript packages are bundled too: resolving and reading hundreds of small files at start-up cost more
// than the server's own work. Packages stay external where bundling would break them or would not help: native
// addons (argon2, sharp), those that read their own files at run time (PGlite's WebAssembly, swagger-ui's assets,
// the ffmpeg binary, pdfkit's font metrics), and clients that load only when configured (S3, Redis, pg, nodemailer).
const external = [
  '@electric-sql/pglite',
  'argon2',
  'sharp',
  '@ffmpeg-installer/ffmpeg',
  '@fastify/swagger-ui',
  '@aws-sdk/*',
  'ioredis',
  'pg',
  'pg-native',
  'nodemailer',
  // pdfkit reads its font metrics (.afm files) from its own folder at run time.
  'pdfkit',
];

// API_OUT_DIR lets the e2e runner build into its own folder (same depth as dist/) without touching dist/.
const out = process.env.API_OUT_DIR ?? 'dist';
rmSync(out, { recursive: true, force: true });
await build({
  entryPoints: ['src/main.ts'],
  outdir: out,
  entryNames: '[name]',
  chunkNames: '[name]-[hash]',
  splitting: true,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  // Bundled CommonJS packages call require() for Node's own modules.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
// V8 keeps each script's source in memory (to compile its functions when first called), at one byte per character
// when every character is Latin-1 and two otherwise. esbuild escapes non-ASCII text in code but keeps comments as
// written: one em dash in a bundled package's comment made the 3 MB app chunk take 6 MB of the server's heap. So
// every character above U+00FF becomes its \u escape: the same text in a comment, the same value in a string,
// template, regular expression or identifier.
for (const file of readdirSync(out)) {
  if (!file.endsWith('.js')) continue;
  const code = readFileSync(`${out}/${file}`, 'utf8');
  const latin1 = code.replace(/[^\0-\xff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  if (latin1 !== code) writeFileSync(`${out}/${file}`, latin1);
}
cpSync('src/db/migrations', `${out}/migrations`, { recursive: true });
// The server's catalogs (src/i18n/index.ts reads them beside the module that loads them).
cpSync('src/i18n/locales', `${out}/locales`, { recursive: true });
console.log(`api built: apps/api/${out}/main.js`);
