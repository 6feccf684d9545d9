import type { TCriterionScore, TRubricCriterionDto } from '@app/contract/assignments';
import { useT, type Translate } from '@/lib/i18n/index.ts';
import './rubric.css';

/** The best points a criterion can give (its highest level). */
export const criterionMax = (c: TRubricCriterionDto) => Math.max(0, ...c.levels.map((l) => l.points));

const pointsText = (t: Translate, n: number) => t('rubric.points', { count: n });

/** An assignment's rubric as the student reads it before working: each criterion with its levels and points. */
export function RubricTable({ rubric }: { rubric: TRubricCriterionDto[] }) {
  const t = useT();
  return (
    <ul className="rubric-list" aria-label={t('rubric.label')}>
      {rubric.map((c) => (
        <li key={c.id} className="rubric-criterion">
          <strong>{c.title}</strong>
          <ul className="rubric-levels">
            {c.levels.map((l) => (
              <li key={l.id}>
                {l.title} · {pointsText(t, l.points)}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}

/** The score given per criterion: the level chosen and its points of the criterion's best. */
export function RubricScores({
  rubric,
  scores,
  label,
}: {
  rubric: TRubricCriterionDto[];
  scores: TCriterionScore[];
  label?: string;
}) {
  const t = useT();
  if (!scores.length) return null;
  return (
    <dl className="rubric-scores" aria-label={label ?? t('rubric.scoresLabel')}>
      {rubric.map((c) => {
        const s = scores.find((x) => x.criterionId === c.id);
        const level = s ? c.levels.find((l) => l.id === s.levelId) : undefined;
        return (
          <div key={c.id} className="rubric-score">
            <dt>{c.title}</dt>
            <dd>
              {s
                ? t('rubric.levelScore', {
                    level: level?.title ?? t('rubric.level'),
                    points: s.points,
                    max: criterionMax(c),
                  })
                : t('rubric.notScored')}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

/** A level chosen per criterion id. */
export type RubricChoice = Record<number, number>;

/**
 * A rubric to score: one group of radio buttons per criterion (a level each), named by the criterion. `error` is
 * shown under the rubric; `idPrefix` keeps two pickers on one page apart.
 */
export function RubricPicker({
  rubric,
  value,
  onChange,
  disabled,
  idPrefix = 'rubric',
}: {
  rubric: TRubricCriterionDto[];
  value: RubricChoice;
  onChange: (next: RubricChoice) => void;
  disabled?: boolean;
  idPrefix?: string;
}) {
  const t = useT();
  return (
    <div className="rubric-picker">
      {rubric.map((c) => (
        <fieldset key={c.id} className="rubric-criterion">
          <legend>
            {c.title} <span className="muted">{t('rubric.upTo', { count: criterionMax(c) })}</span>
          </legend>
          <div className="rubric-options">
            {c.levels.map((l) => (
              <label key={l.id} className="rubric-option">
                <input
                  type="radio"
                  name={`${idPrefix}-${c.id}`}
                  value={l.id}
                  checked={value[c.id] === l.id}
                  disabled={disabled}
                  onChange={() => onChange({ ...value, [c.id]: l.id })}
                />
                {l.title} · {pointsText(t, l.points)}
              </label>
            ))}
          </div>
        </fieldset>
      ))}
    </div>
  );
}

/** The total of the levels chosen so far. */
export function choiceTotal(rubric: TRubricCriterionDto[], value: RubricChoice): number {
  let total = 0;
  for (const c of rubric) total += c.levels.find((l) => l.id === value[c.id])?.points ?? 0;
  return total;
}

/** The first criterion without a level chosen, if any. */
export const unscored = (rubric: TRubricCriterionDto[], value: RubricChoice) =>
  rubric.find((c) => value[c.id] === undefined);

/** The choice as the grade and peer review calls take it. */
export const toScores = (value: RubricChoice) =>
  Object.entries(value).map(([criterionId, levelId]) => ({ criterionId: Number(criterionId), levelId }));
