import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

type ManifestChunk = { file: string; imports?: string[]; css?: string[]; isEntry?: boolean };
type Manifest = Record<string, ManifestChunk>;

/**
 * Reads Vite's build manifest (dist/.vite/manifest.json) and answers the <link> tags that let a page fetch its lazy
 * screen's code and styles together with the entry, instead of one after the other. Empty without a manifest. The
 * code at low priority, as the entry's script (the web build's `lowPriorityCode`): the page is read before it runs.
 *
 * The screen's styles are preloaded, or with `stylesheets` (a page the server renders in the root) written into the
 * document (`<style>`), so that screen is painted styled without waiting for another request (Lighthouse's
 * render-blocking requests: a round trip each on a phone's network). Each inlined sheet also gets a `disabled` link
 * to its file, which the browser does not fetch: Vite's lazy loader adds no link for a style sheet the document
 * already has, so the screen's code loads no second copy. The entry's own styles are never repeated: index.html
 * already has them (inlined by the web build).
 */
export function chunkPreloader(
  webDist: string,
): (module: string | undefined, opts?: { stylesheets?: boolean }) => string {
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
  const initialCss = new Set([...initial].flatMap((key) => manifest[key]!.css ?? []));

  const inline = (css: string) => {
    const file = path.join(webDist, css);
    if (!existsSync(file)) return `<link rel="stylesheet" crossorigin href="/${css}" />`;
    // `</style` cannot end the element early (CSS needs it only in a string, where `\3c` writes the same).
    const text = readFileSync(file, 'utf8').replace(/<\/style/gi, '\\3c /style');
    return `<style>${text}</style><link rel="stylesheet" crossorigin href="/${css}" disabled />`;
  };
  const cache = new Map<string, string>();
  return (module, opts) => {
    if (!module || !manifest[module]) return '';
    const stylesheets = opts?.stylesheets === true;
    const cacheKey = `${stylesheets ? 'sheet' : 'preload'}|${module}`;
    const hit = cache.get(cacheKey);
    if (hit !== undefined) return hit;
    const needed = new Set<string>();
    walk(module, needed);
    const scripts: string[] = [];
    const styles = new Set<string>();
    for (const key of needed) {
      const chunk = manifest[key]!;
      if (!initial.has(key))
        scripts.push(`<link rel="modulepreload" crossorigin fetchpriority="low" href="/${chunk.file}" />`);
      for (const css of chunk.css ?? []) if (!initialCss.has(css)) styles.add(css);
    }
    const tags = [
      ...scripts,
      ...[...styles].map((css) =>
        stylesheets ? inline(css) : `<link rel="preload" as="style" crossorigin href="/${css}" />`,
      ),
    ];
    const html = tags.join('\n    ');
    cache.set(cacheKey, html);
    return html;
  };
}
