import type { TCriterionScore, TRubricCriterionDto } from '@app/contract/assignments';
import './rubric.css';

/** The best points a criterion can give (its highest level). */
export const criterionMax = (c: TRubricCriterionDto) => Math.max(0, ...c.levels.map((l) => l.points));

const pointsText = (n: number) => `${n} ${n === 1 ? 'point' : 'points'}`;

/** An assignment's rubric as the student reads it before working: each criterion with its levels and points. */
export function RubricTable({ rubric }: { rubric: TRubricCriterionDto[] }) {
  return (
    <ul className="rubric-list" aria-label="Rubric">
      {rubric.map((c) => (
        <li key={c.id} className="rubric-criterion">
          <strong>{c.title}</strong>
          <ul className="rubric-levels">
            {c.levels.map((l) => (
              <li key={l.id}>
                {l.title} · {pointsText(l.points)}
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
  label = 'Score per criterion',
}: {
  rubric: TRubricCriterionDto[];
  scores: TCriterionScore[];
  label?: string;
}) {
  if (!scores.length) return null;
  return (
    <dl className="rubric-scores" aria-label={label}>
      {rubric.map((c) => {
        const s = scores.find((x) => x.criterionId === c.id);
        const level = s ? c.levels.find((l) => l.id === s.levelId) : undefined;
        return (
          <div key={c.id} className="rubric-score">
            <dt>{c.title}</dt>
            <dd>{s ? `${level?.title ?? 'Level'}: ${s.points} of ${criterionMax(c)}` : 'Not scored'}</dd>
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
  return (
    <div className="rubric-picker">
      {rubric.map((c) => (
        <fieldset key={c.id} className="rubric-criterion">
          <legend>
            {c.title} <span className="muted">(up to {pointsText(criterionMax(c))})</span>
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
                {l.title} · {pointsText(l.points)}
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
