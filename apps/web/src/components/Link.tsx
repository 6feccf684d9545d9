import type { AnchorHTMLAttributes, MouseEvent, Ref } from 'react';
import { useHref, useLinkClickHandler, useMatch, useResolvedPath, type To } from 'react-router';

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: To;
  replace?: boolean;
  state?: unknown;
  preventScrollReset?: boolean;
  ref?: Ref<HTMLAnchorElement>;
};

/**
 * A link inside the app: a real `<a href>` (it works before the app has loaded, in a new tab and without
 * JavaScript) whose plain click navigates in the browser's router. React Router's own Link carries the framework
 * mode's prefetching (route manifests, `<link rel=prefetch>` for loaders) that a declarative-mode app never runs:
 * about 1.5 KB gzip of every page's first download. The app imports this one (eslint's no-restricted-imports).
 */
export function Link({ to, replace, state, preventScrollReset, target, onClick, ...rest }: LinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler(to, { replace, state, target, preventScrollReset });
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!event.defaultPrevented) navigate(event);
  };
  return <a {...rest} href={href} target={target} onClick={click} />;
}

/**
 * A link that knows when its page is open: class `active` and `aria-current="page"` when the location matches its
 * path (exactly with `end`, or anywhere below it without).
 */
export function NavLink({ end = false, className, ...props }: LinkProps & { end?: boolean }) {
  const path = useResolvedPath(props.to);
  const active = useMatch({ path: path.pathname, end }) !== null;
  return (
    <Link
      {...props}
      className={[className, active ? 'active' : undefined].filter(Boolean).join(' ') || undefined}
      aria-current={active ? 'page' : undefined}
    />
  );
}
