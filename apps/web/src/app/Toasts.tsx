import { useEffect, useRef } from 'react';
import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { HEADER_HEIGHT_VAR } from '@/components/frame/header-height.ts';
import { useAnySidePanelOpen } from '@/components/frame/side-panel.ts';
import { useT } from '@/lib/i18n/index.ts';
import './toasts.css';

/** Below the sticky header at every width, so a toast never covers its cart, bell or profile image. */
const BELOW_HEADER = { top: `calc(var(${HEADER_HEIGHT_VAR}, 8px) + 8px)` };

/**
 * Toasts (spec §8): top right, 5000 ms, closable, draggable by mouse and touch. While the cart panel is open they
 * move to the bottom, beside the panel (or under its content on a phone), so they never cover its coupon field or
 * its lines. Loaded after the first render so react-toastify stays out of the initial download; toasts raised
 * before it mounts are queued by the library. The library names each toast's close button and timer bar in English
 * ("close", "notification timer", with no option for the bar): each is named in the active language as it appears.
 */
export default function Toasts() {
  const t = useT();
  const panelOpen = useAnySidePanelOpen();
  const box = useRef<HTMLDivElement>(null);
  const close = t('toasts.close');
  const timer = t('toasts.timer');
  useEffect(() => {
    const root = box.current;
    if (!root) return;
    const name = () => {
      for (const el of Array.from(root.querySelectorAll('.Toastify__close-button')))
        if (el.getAttribute('aria-label') !== close) el.setAttribute('aria-label', close);
      for (const el of Array.from(root.querySelectorAll('.Toastify__progress-bar[role="progressbar"]')))
        if (el.getAttribute('aria-label') !== timer) el.setAttribute('aria-label', timer);
    };
    name();
    const observer = new MutationObserver(name);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [close, timer]);
  return (
    <div ref={box} className="toasts">
      <ToastContainer
        position="top-right"
        aria-label={t('toasts.region')}
        className={panelOpen ? 'toasts-beside-panel' : undefined}
        style={panelOpen ? undefined : BELOW_HEADER}
        autoClose={5000}
        closeOnClick
        draggable
        draggablePercent={40}
        pauseOnFocusLoss={false}
      />
    </div>
  );
}
