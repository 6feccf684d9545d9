import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { HEADER_HEIGHT_VAR } from '@/components/frame/header-height.ts';

/** Below the sticky header at every width, so a toast never covers its cart, bell or profile image. */
const BELOW_HEADER = { top: `calc(var(${HEADER_HEIGHT_VAR}, 8px) + 8px)` };

/**
 * Toasts (spec §8): top right, 5000 ms, closable, draggable by mouse and touch. Loaded after the first render so
 * react-toastify stays out of the initial download; toasts raised before it mounts are queued by the library.
 */
export default function Toasts() {
  return (
    <ToastContainer
      position="top-right"
      style={BELOW_HEADER}
      autoClose={5000}
      closeOnClick
      draggable
      draggablePercent={40}
      pauseOnFocusLoss={false}
    />
  );
}
