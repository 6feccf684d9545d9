// A gradebook cell in words, for the staff's gradebook and a student's own row.
import type { TGradebookCell } from '@app/contract/assignments';
import { t } from './i18n/index.ts';
import { translatedLabels } from './i18n/labels.ts';

const STATUS = translatedLabels<TGradebookCell['status']>({
  none: 'gradebook.status.none',
  passed: 'gradebook.status.passed',
  failed: 'gradebook.status.failed',
  draft: 'gradebook.status.draft',
  submitted: 'gradebook.status.submitted',
  returned: 'gradebook.status.returned',
  attempted: 'gradebook.status.attempted',
});

/** A gradebook cell in words: "13 of 16 · Passed · late", "—" when nothing was handed in. */
export function cellText(
  cell: TGradebookCell | undefined,
  outOf: number,
  kind: 'quiz' | 'assignment',
): string {
  if (!cell || cell.status === 'none') return '—';
  const best =
    cell.best === null
      ? ''
      : kind === 'quiz'
        ? `${cell.best}%`
        : t('gradebook.points', { points: cell.best, outOf });
  return [best, STATUS[cell.status], cell.late ? t('gradebook.late') : ''].filter(Boolean).join(' · ');
}
