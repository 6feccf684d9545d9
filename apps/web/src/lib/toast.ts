import { createElement } from 'react';

type ToastKind = 'success' | 'info' | 'warning' | 'error';

/**
 * Raises a toast from code that is in the initial download: react-toastify is imported on demand, so it stays out
 * of the home page's bundle (the container mounts after the first render and queues earlier toasts).
 */
export function showToast(kind: ToastKind, message: string): void {
  void import('react-toastify').then(({ toast }) => toast[kind](message));
}

/** A toast with one action button after its message (e.g. 'You need to login' → 'Log in'). */
export function showActionToast(
  kind: ToastKind,
  message: string,
  action: { label: string; onClick: () => void },
): void {
  const content = ({ closeToast }: { closeToast: () => void }) =>
    createElement(
      'div',
      { className: 'toast-with-action' },
      createElement('span', null, message),
      createElement(
        'button',
        {
          type: 'button',
          className: 'btn btn-small toast-action',
          onClick: () => {
            closeToast();
            action.onClick();
          },
        },
        action.label,
      ),
    );
  void import('react-toastify').then(({ toast }) => toast[kind](content));
}
