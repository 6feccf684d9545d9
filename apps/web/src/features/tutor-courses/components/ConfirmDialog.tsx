import { useId } from 'react';
import { useDialog } from '@/components/use-dialog.ts';
import { useT } from '@/lib/i18n/index.ts';

/** A modal confirmation: focus starts on Cancel, Escape cancels, focus stays inside while open. */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  busy = false,
  onConfirm,
  onCancel,
}: {
  title: string;
  message: string;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const t = useT();
  const id = useId();
  const dialog = useDialog<HTMLDivElement>(onCancel);

  return (
    <div className="dialog-backdrop" onClick={onCancel}>
      <div
        ref={dialog.ref}
        className="surface dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-message`}
        onClick={(e) => e.stopPropagation()}
        onKeyDown={dialog.onKeyDown}
      >
        <h2 id={`${id}-title`}>{title}</h2>
        <p id={`${id}-message`}>{message}</p>
        <div className="dialog-actions">
          <button data-autofocus type="button" className="btn btn-outline" onClick={onCancel} disabled={busy}>
            {t('tutorCourses.dialog.cancel')}
          </button>
          <button type="button" className="btn btn-danger" onClick={onConfirm} disabled={busy}>
            {busy ? t('tutorCourses.dialog.deleting') : confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
