import type { QUESTION_SORTS } from '@app/contract/questions';
import { useT } from '@/lib/i18n/index.ts';

export type QuestionSort = (typeof QUESTION_SORTS)[number];

/** Each sort's label, by its key in the catalogs. */
const SORT_LABELS: Record<QuestionSort, string> = {
  recent: 'qa.sort.recent',
  top: 'qa.sort.top',
  unanswered: 'qa.sort.unanswered',
};

/** The questions' 'Sort by' field (a lesson's Q&A, the tutor's inbox), offering `sorts` in that order. */
export function QuestionSortField({
  id,
  value,
  sorts,
  onChange,
}: {
  id: string;
  value: QuestionSort;
  sorts: readonly QuestionSort[];
  onChange: (sort: QuestionSort) => void;
}) {
  const t = useT();
  return (
    <div className="field">
      <label htmlFor={id}>{t('qa.sortBy')}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as QuestionSort)}>
        {sorts.map((s) => (
          <option key={s} value={s}>
            {t(SORT_LABELS[s])}
          </option>
        ))}
      </select>
    </div>
  );
}
