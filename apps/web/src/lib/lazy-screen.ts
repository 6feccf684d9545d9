import { lazy, type ComponentType } from 'react';

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
