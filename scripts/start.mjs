// `npm start`: builds whatever is missing or older than its sources, then runs the one server process.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const at = (...p) => path.join(root, ...p);

function newest(dir) {
  let latest = 0;
  if (!existsSync(dir)) return latest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return latest;
}

function stale(output, sources) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((s) => newest(s) > built);
}

const contract = at('packages/contract/src');
const builds = [
  {
    name: 'web app',
    // The server's render is built last: its entry is the newest output of the web's build.
    output: at('apps/web/dist/server/entry-server.js'),
    sources: [at('apps/web/src'), at('apps/web/public'), contract],
    cmd: 'npm run build -w @app/web',
  },
  {
    name: 'API',
    output: at('apps/api/dist/main.js'),
    sources: [at('apps/api/src'), contract],
    cmd: 'npm run build -w @app/api',
  },
];
for (const b of builds) {
  if (stale(b.output, b.sources)) {
    console.log(`Building the ${b.name}...`);
    execSync(b.cmd, { cwd: root, stdio: 'inherit' });
  }
}

await import(at('apps/api/dist/main.js'));
