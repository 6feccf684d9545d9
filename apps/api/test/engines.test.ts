import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

// npm's own range logic (semver is in the tree through fastify), so a range reads here as `npm ci` reads it.
const semver = createRequire(import.meta.url)('semver') as {
  satisfies(version: string, range: string): boolean;
  minVersion(range: string): { version: string } | null;
};
const root = (file: string) => JSON.parse(readFileSync(new URL(`../../../${file}`, import.meta.url), 'utf8'));

describe('the Node.js version the README promises', () => {
  it('is what package.json requires, and every locked package runs on it (npm ci prints no EBADENGINE)', () => {
    const pkg = root('package.json') as { engines: { node: string } };
    const oldest = semver.minVersion(pkg.engines.node)!.version;
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    expect(readme).toContain(`Needs Node.js ${oldest.replace(/\.0$/, '')} or newer`);
    const lock = root('package-lock.json') as {
      packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
    };
    const refusing = Object.entries(lock.packages)
      .filter(([, p]) => !Array.isArray(p.engines) && p.engines?.node)
      .filter(([, p]) => !semver.satisfies(oldest, (p.engines as { node: string }).node))
      .map(([path, p]) => `${path}@${p.version} wants node ${(p.engines as { node: string }).node}`);
    expect(refusing).toEqual([]);
  });
});
