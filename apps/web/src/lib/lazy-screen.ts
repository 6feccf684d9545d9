import { lazy, type ComponentType } from 'react';
import { wordsReady } from './i18n/index.ts';

type ScreenModule<P> = { default: ComponentType<P> };

/**
 * `React.lazy` whose code can be loaded before the app's first render (`preload`). Once loaded, the screen renders
 * in the same pass instead of suspending for a turn (lazy's loader answers with an already settled thenable): the server
 * renders the page in one piece, and the browser hydrates it in one pass.
 */
export function lazyScreen<P extends object>(load: () => Promise<ScreenModule<P>>) {
  let loaded: ScreenModule<P> | undefined;
  const preload = () =>
    load().then((m) => {
      loaded = m;
      return m;
    });
  const settled = (m: ScreenModule<P>) =>
    ({ then: (resolve: (value: ScreenModule<P>) => void) => resolve(m) }) as unknown as Promise<
      ScreenModule<P>
    >;
  return Object.assign(
    lazy(() => (loaded ? settled(loaded) : preload())),
    { preload },
  );
}

/**
 * `React.lazy` for a screen or panel outside the first ones: it renders once both its code and all of the active
 * language's words have arrived (a language's first chunk holds only the first screens' words; docs/i18n.md).
 */
export function lazyWithWords<P extends object>(load: () => Promise<ScreenModule<P>>) {
  return lazy(() => Promise.all([load(), wordsReady()]).then(([m]) => m));
}
