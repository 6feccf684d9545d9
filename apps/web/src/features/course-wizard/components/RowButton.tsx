import type { ReactNode } from 'react';

/** A list row's outlined action button, named by `label` for assistive technology (which row it acts on). */
export function RowButton({
  label,
  onClick,
  danger = false,
  children,
}: {
  label: string;
  onClick: () => void;
  danger?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      aria-label={label}
      type="button"
      className={danger ? 'btn btn-outline danger' : 'btn btn-outline'}
      onClick={onClick}
    >
      {children}
    </button>
  );
}
