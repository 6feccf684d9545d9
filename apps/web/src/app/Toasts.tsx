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
 * before it mounts are queued by the library.
 */
export default function Toasts() {
  const t = useT();
  const panelOpen = useAnySidePanelOpen();
  return (
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
  );
}
