import type { TQuizQuestionDto } from '@app/contract/quizzes';
import { useT } from '@/lib/i18n/index.ts';

/** A student's answer to one question: chosen options, or typed text. */
export type Answer = { optionIds: number[]; text: string };
export const noAnswer: Answer = { optionIds: [], text: '' };

/** Whether the student gave any answer to the question. */
export const answered = (a: Answer | undefined) => !!a && (a.optionIds.length > 0 || a.text.trim() !== '');

/**
 * One question as a fieldset named by its legend: radios (one answer), checkboxes (several) or a labelled text
 * box, all reachable by keyboard.
 */
export function QuizQuestion({
  question,
  number,
  total,
  answer,
  disabled,
  onChange,
}: {
  question: TQuizQuestionDto;
  number: number;
  total: number;
  answer: Answer;
  disabled: boolean;
  onChange: (answer: Answer) => void;
}) {
  const t = useT();
  const name = `question-${question.id}`;
  const several = question.type === 'multiple';
  return (
    <fieldset className="quiz-question" disabled={disabled}>
      <legend>
        <span className="quiz-question-number">
          {question.points === 1
            ? t('quizzes.question.number', { number, total })
            : t('quizzes.question.numberWithPoints', { number, total, points: question.points })}
        </span>
        <span className="quiz-question-text">{question.text}</span>
      </legend>
      {several && <p className="muted quiz-hint">{t('quizzes.question.chooseEvery')}</p>}
      {question.type === 'short' ? (
        <div className="field">
          <label htmlFor={`${name}-text`}>{t('quizzes.question.yourAnswer')}</label>
          <input
            id={`${name}-text`}
            type="text"
            autoComplete="off"
            maxLength={500}
            value={answer.text}
            onChange={(e) => onChange({ optionIds: [], text: e.target.value })}
          />
        </div>
      ) : (
        <ul className="quiz-choices">
          {question.options.map((option) => {
            const checked = answer.optionIds.includes(option.id);
            return (
              <li key={option.id}>
                <label className="quiz-choice">
                  <input
                    type={several ? 'checkbox' : 'radio'}
                    name={name}
                    value={option.id}
                    checked={checked}
                    onChange={(e) =>
                      onChange({
                        text: '',
                        optionIds: several
                          ? e.target.checked
                            ? [...answer.optionIds, option.id]
                            : answer.optionIds.filter((id) => id !== option.id)
                          : [option.id],
                      })
                    }
                  />
                  <span>{option.text}</span>
                </label>
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}
