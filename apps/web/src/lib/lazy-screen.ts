import { lazy, type ComponentType } from 'react';

type ScreenModule<P> = { default: ComponentType<P> };

/**
 * `React.lazy` whose code can be loaded before the app's first render (`preload`). Once loaded, the screen renders
 * in the same pass instead of suspending for a turn (lazy's loader answers with an already settled thenable), so the
 * first screen the server painted is replaced by the app's in one step, with no "Loading..." in between.
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
