// A gradebook cell in words, for the staff's gradebook and a student's own row.
import type { TGradebookCell } from '@app/contract/assignments';

const STATUS: Record<TGradebookCell['status'], string> = {
  none: 'Not started',
  passed: 'Passed',
  failed: 'Not passed',
  draft: 'Draft',
  submitted: 'Waiting for a grade',
  returned: 'Returned',
  attempted: 'Attempted',
};

/** A gradebook cell in words: "13 of 16 · Passed · late", "—" when nothing was handed in. */
export function cellText(
  cell: TGradebookCell | undefined,
  outOf: number,
  kind: 'quiz' | 'assignment',
): string {
  if (!cell || cell.status === 'none') return '—';
  const best = cell.best === null ? '' : kind === 'quiz' ? `${cell.best}%` : `${cell.best} of ${outOf}`;
  return [best, STATUS[cell.status], cell.late ? 'late' : ''].filter(Boolean).join(' · ');
}
