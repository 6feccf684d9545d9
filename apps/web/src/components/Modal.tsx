import { useId, type ReactNode } from 'react';
import { useDialog } from './use-dialog.ts';

/**
 * A modal dialog: the dimmed backdrop (a press on it closes), the box named by its heading, and useDialog's focus
 * and keyboard rules. `onClose` decides whether closing is allowed now (e.g. not while a save is under way).
 */
export function Modal({
  title,
  onClose,
  className,
  children,
}: {
  title: ReactNode;
  onClose: () => void;
  className?: string;
  children: ReactNode;
}) {
  const titleId = useId();
  const dialog = useDialog<HTMLDivElement>(onClose);
  return (
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={dialog.ref}
        className={className ? `surface modal ${className}` : 'surface modal'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={dialog.onKeyDown}
      >
        <h2 id={titleId}>{title}</h2>
        {children}
      </div>
    </div>
  );
}
