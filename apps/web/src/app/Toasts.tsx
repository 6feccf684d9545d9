import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';

/**
 * Toasts (spec §8): top right, 5000 ms, closable, draggable by mouse and touch. Loaded after the first render so
 * react-toastify stays out of the initial download; toasts raised before it mounts are queued by the library.
 */
export default function Toasts() {
  return (
    <ToastContainer
      position="top-right"
      autoClose={5000}
      closeOnClick
      draggable
      draggablePercent={40}
      pauseOnFocusLoss={false}
    />
  );
}
