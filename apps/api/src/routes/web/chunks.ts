import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

type ManifestChunk = { file: string; imports?: string[]; css?: string[]; isEntry?: boolean };
type Manifest = Record<string, ManifestChunk>;

/**
 * Reads Vite's build manifest (dist/.vite/manifest.json) and answers the <link> tags that let a page fetch its lazy
 * screen's code and styles together with the entry, instead of one after the other. Empty without a manifest.
 */
export function chunkPreloader(webDist: string): (module: string | undefined) => string {
  const file = path.join(webDist, '.vite', 'manifest.json');
  if (!existsSync(file)) return () => '';
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  // What index.html already loads: the entry and its static imports.
  const initial = new Set<string>();
  const walk = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return;
    into.add(key);
    for (const i of manifest[key].imports ?? []) walk(i, into);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) walk(key, initial);

  const cache = new Map<string, string>();
  return (module) => {
    if (!module || !manifest[module]) return '';
    const hit = cache.get(module);
    if (hit !== undefined) return hit;
    const needed = new Set<string>();
    walk(module, needed);
    const tags: string[] = [];
    for (const key of needed) {
      const chunk = manifest[key]!;
      if (!initial.has(key)) tags.push(`<link rel="modulepreload" crossorigin href="/${chunk.file}" />`);
      for (const css of chunk.css ?? []) tags.push(`<link rel="preload" as="style" href="/${css}" />`);
    }
    const html = tags.join('\n    ');
    cache.set(module, html);
    return html;
  };
}
