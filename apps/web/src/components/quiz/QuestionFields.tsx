import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { QUIZ_MAX_OPTIONS, QUIZ_MIN_OPTIONS, type TQuizQuestionType } from '@app/contract/quizzes';
import { FormAlert } from '@/components/form/FormAlert.tsx';
import { SelectField, TextAreaField, TextField } from '@/components/form/FormField.tsx';
import { useT } from '@/lib/i18n/index.ts';
import { formMessage, optionsFor, type QuizFormOutput, type QuizFormValues } from './quiz-form.ts';

/**
 * The catalog keys of each type's name, short enough for the closed list on a 360 px phone; what each means is
 * said under it (QUESTION_TYPE_HINTS).
 */
export const QUESTION_TYPE_LABELS: Record<TQuizQuestionType, string> = {
  single: 'quizForm.type.single',
  multiple: 'quizForm.type.multiple',
  truefalse: 'quizForm.type.truefalse',
  short: 'quizForm.type.short',
};
export const QUESTION_TYPE_HINTS: Record<TQuizQuestionType, string> = {
  single: 'quizForm.typeHint.single',
  multiple: 'quizForm.typeHint.multiple',
  truefalse: 'quizForm.typeHint.truefalse',
  short: 'quizForm.typeHint.short',
};

type Form = UseFormReturn<QuizFormValues, unknown, QuizFormOutput>;

/** One question of the quiz editor: its type, text, options (or accepted answers), points and explanation. */
export function QuestionFields({
  form,
  index,
  idPrefix,
  onRemove,
}: {
  form: Form;
  index: number;
  idPrefix: string;
  onRemove?: () => void;
}) {
  const t = useT();
  const {
    register,
    control,
    setValue,
    formState: { errors, isSubmitted },
  } = form;
  const name = `questions.${index}` as const;
  const type = useWatch({ control, name: `${name}.type` });
  const options = useWatch({ control, name: `${name}.options` }) ?? [];
  const optionArray = useFieldArray({ control, name: `${name}.options` });
  const e = errors.questions?.[index];
  const optionsError = formMessage(t, e?.options?.message ?? e?.options?.root?.message);
  const n = index + 1;

  // Switching to or from true/false or short answer starts the options over; single ↔ multiple keeps them.
  function changeType(next: TQuizQuestionType) {
    const keep = (t: TQuizQuestionType) => t === 'single' || t === 'multiple';
    if (!(keep(type) && keep(next))) optionArray.replace(optionsFor(next));
  }

  /** A single-answer question has one right option: choosing one clears the others. */
  function markOnly(j: number) {
    options.forEach((_, k) =>
      setValue(`${name}.options.${k}.correct`, k === j, { shouldValidate: isSubmitted, shouldDirty: true }),
    );
  }

  return (
    <fieldset className="quiz-question-edit">
      <legend>{t('quizForm.question.legend', { number: n })}</legend>
      <SelectField
        id={`${idPrefix}-type`}
        label={t('quizForm.question.type')}
        aria-describedby={`${idPrefix}-type-hint`}
        note={
          <p className="muted quiz-type-hint" id={`${idPrefix}-type-hint`}>
            {t(QUESTION_TYPE_HINTS[type])}
          </p>
        }
        {...register(`${name}.type`, { onChange: (ev) => changeType(ev.target.value as TQuizQuestionType) })}
      >
        {Object.entries(QUESTION_TYPE_LABELS).map(([value, label]) => (
          <option key={value} value={value}>
            {t(label)}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        id={`${idPrefix}-text`}
        label={t('quizForm.question.text')}
        rows={2}
        error={e?.text?.message}
        {...register(`${name}.text`)}
      />

      {type === 'short' ? (
        <TextAreaField
          id={`${idPrefix}-accepted`}
          label={t('quizForm.question.accepted')}
          rows={3}
          error={formMessage(t, e?.acceptedText?.message)}
          {...register(`${name}.acceptedText`)}
        />
      ) : (
        <div
          className="quiz-options-edit"
          role="group"
          aria-label={t('quizForm.question.options', { number: n })}
        >
          <p className="muted quiz-options-hint">
            {type === 'multiple' ? t('quizForm.question.tickEvery') : t('quizForm.question.chooseOne')}
          </p>
          <ul>
            {optionArray.fields.map((o, j) => {
              const optionId = `${idPrefix}-o${o.id}`;
              return (
                <li key={o.id} className="quiz-option-edit">
                  {type === 'multiple' ? (
                    <input
                      id={`${optionId}-right`}
                      type="checkbox"
                      aria-label={t('quizForm.option.isRight', { number: j + 1 })}
                      {...register(`${name}.options.${j}.correct`)}
                    />
                  ) : (
                    <input
                      id={`${optionId}-right`}
                      type="radio"
                      name={`${idPrefix}-right`}
                      // True/false radios are named by their own label (True, False).
                      aria-label={
                        type === 'truefalse'
                          ? undefined
                          : t('quizForm.option.isTheRightOne', { number: j + 1 })
                      }
                      checked={!!options[j]?.correct}
                      onChange={() => markOnly(j)}
                    />
                  )}
                  {type === 'truefalse' ? (
                    <label htmlFor={`${optionId}-right`}>{options[j]?.text}</label>
                  ) : (
                    <>
                      <TextField
                        id={`${optionId}-text`}
                        label={t('quizForm.option.label', { number: j + 1 })}
                        error={e?.options?.[j]?.text?.message}
                        {...register(`${name}.options.${j}.text`)}
                      />
                      <button
                        type="button"
                        className="btn btn-outline danger quiz-option-remove"
                        aria-label={t('quizForm.option.remove', { option: j + 1, question: n })}
                        disabled={optionArray.fields.length <= QUIZ_MIN_OPTIONS}
                        onClick={() => optionArray.remove(j)}
                      >
                        ×
                      </button>
                    </>
                  )}
                </li>
              );
            })}
          </ul>
          {type !== 'truefalse' && (
            <button
              type="button"
              className="btn btn-outline"
              disabled={optionArray.fields.length >= QUIZ_MAX_OPTIONS}
              onClick={() => optionArray.append({ text: '', correct: false })}
            >
              {t('quizForm.option.add')}
            </button>
          )}
          <FormAlert message={optionsError} className="field-error" />
        </div>
      )}

      <div className="quiz-settings">
        <TextField
          id={`${idPrefix}-points`}
          label={t('quizForm.question.points')}
          type="number"
          inputMode="numeric"
          min={1}
          max={100}
          error={e?.points?.message}
          {...register(`${name}.points`)}
        />
      </div>
      <TextAreaField
        id={`${idPrefix}-explanation`}
        label={t('quizForm.question.explanation')}
        rows={2}
        error={e?.explanation?.message}
        {...register(`${name}.explanation`)}
      />
      {onRemove && (
        <div className="wizard-actions">
          <button
            type="button"
            className="btn btn-outline danger"
            aria-label={t('quizForm.question.removeLabel', { number: n })}
            onClick={onRemove}
          >
            {t('quizForm.question.remove')}
          </button>
        </div>
      )}
    </fieldset>
  );
}
