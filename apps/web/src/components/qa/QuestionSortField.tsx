import type { QUESTION_SORTS } from '@app/contract/questions';

export type QuestionSort = (typeof QUESTION_SORTS)[number];

const SORT_LABELS: Record<QuestionSort, string> = {
  recent: 'Most recent',
  top: 'Top voted',
  unanswered: 'Unanswered first',
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
  return (
    <div className="field">
      <label htmlFor={id}>Sort by</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as QuestionSort)}>
        {sorts.map((s) => (
          <option key={s} value={s}>
            {SORT_LABELS[s]}
          </option>
        ))}
      </select>
    </div>
  );
}
