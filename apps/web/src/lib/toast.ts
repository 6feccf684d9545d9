/**
 * Raises a toast from code that is in the initial download: react-toastify is imported on demand, so it stays out
 * of the home page's bundle (the container mounts after the first render and queues earlier toasts).
 */
export function showToast(kind: 'success' | 'info' | 'warning' | 'error', message: string): void {
  void import('react-toastify').then(({ toast }) => toast[kind](message));
}
