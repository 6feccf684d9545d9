/**
 * A language's first chunk (vite.config.ts, `poCatalogs`) holds the main catalog and the area keys that match
 * FIRST_SCREEN_KEYS; the rest of its words arrive after the first render. So every key named by the code the first
 * render can reach (the first bundle, from main.tsx, and the screens the server renders, by their static imports)
 * must be in the first chunk: else the browser would hydrate a server-rendered page with a key where the server
 * wrote a word.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SOURCE_LOCALE } from '@app/contract/locales';
import { parsePo } from '@app/contract/po';
import { catalogFiles, FIRST_SCREEN_KEYS } from './po-files.ts';

const SRC = path.resolve(import.meta.dirname, '../..');
const [mainFile, ...areaFiles] = catalogFiles(path.join(SRC, 'locales'), SOURCE_LOCALE);
const mainKeys = new Set(parsePo(readFileSync(mainFile!, 'utf8')).map((e) => e.key));
const areaKeys = new Set(areaFiles.flatMap((f) => parsePo(readFileSync(f, 'utf8')).map((e) => e.key)));

/** A module's static imports of the app's own files (`@/…` and relative; not types), resolved to files. */
function staticImports(file: string): string[] {
  const code = readFileSync(file, 'utf8').replace(/import type [^;]*;/g, '');
  return [...code.matchAll(/(?:from\s+|import\s+)'([^']+)'/g)]
    .map((m) => m[1]!)
    .map((spec) =>
      spec.startsWith('@/')
        ? path.join(SRC, spec.slice(2))
        : spec.startsWith('.')
          ? path.resolve(path.dirname(file), spec)
          : null,
    )
    .flatMap((p) =>
      p ? [p, `${p}.ts`, `${p}.tsx`].filter((c) => existsSync(c) && statSync(c).isFile()) : [],
    )
    .slice(0);
}

function reachable(starts: string[]): Set<string> {
  const seen = new Set<string>();
  const todo = [...starts];
  while (todo.length > 0) {
    const file = todo.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    todo.push(...staticImports(file));
  }
  return seen;
}

/** The screens the server renders: `lazyScreen(() => import('…'))` in routes-public.tsx. */
const serverScreens = [
  ...readFileSync(path.join(SRC, 'app/routes-public.tsx'), 'utf8').matchAll(
    /lazyScreen\(\(\) => import\('@\/([^']+)'\)/g,
  ),
].map((m) => path.join(SRC, m[1]!));

describe("a language's first chunk", () => {
  it('holds every key the first bundle and the server-rendered screens name', () => {
    expect(serverScreens.length).toBeGreaterThanOrEqual(5);
    const files = reachable([path.join(SRC, 'main.tsx'), ...serverScreens]);
    const named = new Set(
      [...files].flatMap((f) =>
        [...readFileSync(f, 'utf8').matchAll(/'([a-zA-Z]\w*(?:\.[\w-]+)+)'/g)].map((m) => m[1]!),
      ),
    );
    const late = [...named].filter((k) => areaKeys.has(k) && !mainKeys.has(k) && !FIRST_SCREEN_KEYS.test(k));
    expect(late).toEqual([]);
  });
});
