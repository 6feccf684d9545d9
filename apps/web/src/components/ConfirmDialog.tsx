import type { ReactNode } from 'react';
import { useT } from '@/lib/i18n/index.ts';
import { Modal } from './Modal.tsx';

/**
 * Asks before a step that cannot be undone: `children` say what it does; `cancelLabel` (Cancel unless told; focused
 * first) and the red `confirmLabel` button (`pendingLabel` while the step runs), both disabled while `pending`, when
 * the dialog cannot be closed either.
 */
export function ConfirmDialog({
  title,
  confirmLabel,
  cancelLabel,
  pendingLabel,
  pending,
  onConfirm,
  onClose,
  children,
}: {
  title: string;
  confirmLabel: string;
  cancelLabel?: string;
  pendingLabel?: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <Modal title={title} onClose={() => !pending && onClose()}>
      {children}
      <div className="modal-actions">
        <button data-autofocus type="button" className="btn btn-outline" disabled={pending} onClick={onClose}>
          {cancelLabel ?? t('common.cancel')}
        </button>
        <button type="button" className="btn btn-danger" disabled={pending} onClick={onConfirm}>
          {pending && pendingLabel ? pendingLabel : confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
