import { useLayoutEffect, type RefObject } from 'react';

/** The CSS variable on the root element that holds the sticky header's height while it is shown (the toasts clear it). */
export const HEADER_HEIGHT_VAR = '--site-header-height';

/** Keeps HEADER_HEIGHT_VAR equal to the height of `ref`'s element (it wraps to two rows on a phone). */
export function usePublishHeaderHeight(ref: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const root = document.documentElement.style;
    const publish = () => root.setProperty(HEADER_HEIGHT_VAR, `${el.offsetHeight}px`);
    publish();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(publish) : null;
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      root.removeProperty(HEADER_HEIGHT_VAR);
    };
  }, [ref]);
}
