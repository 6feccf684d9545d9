import { useId } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { QUIZ_MAX_QUESTIONS, type TQuizInput } from '@app/contract/quizzes';
import { fieldOf } from '@/components/form/field-of.ts';
import { FormAlert } from '@/components/form/FormAlert.tsx';
import { TextField } from '@/components/form/FormField.tsx';
import { useT } from '@/lib/i18n/index.ts';
import { QuestionFields } from './QuestionFields.tsx';
import {
  emptyQuestion,
  emptyQuiz,
  formMessage,
  toQuizInput,
  ZQuizForm,
  type QuizFormOutput,
  type QuizFormValues,
} from './quiz-form.ts';
import './quiz-form.css';

/**
 * A quiz's editor: title, pass mark, attempts, shuffle and its 1–50 questions, with each field's message inline
 * (the contract's schemas plus the rules of each question type). `onSubmit` gets the quiz as `/quiz/save` takes it.
 */
export function QuizForm({
  initial,
  heading,
  submitLabel,
  busy = false,
  problem,
  onSubmit,
  onCancel,
}: {
  initial?: QuizFormValues;
  heading: string;
  submitLabel?: string;
  busy?: boolean;
  /** The server's refusal, shown above the buttons. */
  problem?: string | null;
  onSubmit: (quiz: TQuizInput) => void;
  onCancel?: () => void;
}) {
  const t = useT();
  const id = useId();
  const form = useForm<QuizFormValues, unknown, QuizFormOutput>({
    resolver: zodResolver(ZQuizForm),
    defaultValues: initial ?? emptyQuiz(),
  });
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = form;
  const questions = useFieldArray({ control, name: 'questions' });
  const field = fieldOf(register, errors);
  const questionsError = formMessage(t, errors.questions?.message ?? errors.questions?.root?.message);

  return (
    <form
      className="form quiz-form"
      noValidate
      aria-labelledby={`${id}-heading`}
      onSubmit={handleSubmit((v) => onSubmit(toQuizInput(v)))}
    >
      <h3 id={`${id}-heading`}>{heading}</h3>
      <TextField id={`${id}-title`} label={t('quizForm.title')} {...field('title')} />
      <div className="quiz-settings">
        <TextField
          id={`${id}-pass`}
          label={t('quizForm.passMark')}
          type="number"
          inputMode="numeric"
          min={1}
          max={100}
          {...field('passPercent')}
        />
        <TextField
          id={`${id}-attempts`}
          label={t('quizForm.maxAttempts')}
          type="number"
          inputMode="numeric"
          min={0}
          max={100}
          {...field('maxAttempts')}
        />
      </div>
      <div className="checkbox-field">
        <input id={`${id}-shuffle`} type="checkbox" {...register('shuffle')} />
        <label htmlFor={`${id}-shuffle`}>{t('quizForm.shuffle')}</label>
      </div>
      <ol className="quiz-question-list">
        {questions.fields.map((q, i) => (
          <li key={q.id}>
            <QuestionFields
              form={form}
              index={i}
              idPrefix={`${id}-q${q.id}`}
              onRemove={questions.fields.length > 1 ? () => questions.remove(i) : undefined}
            />
          </li>
        ))}
      </ol>
      <FormAlert message={questionsError} className="field-error" />
      <div>
        <button
          type="button"
          className="btn btn-outline"
          disabled={questions.fields.length >= QUIZ_MAX_QUESTIONS}
          onClick={() => questions.append(emptyQuestion())}
        >
          {t('quizForm.addQuestion')}
        </button>
      </div>
      <FormAlert message={problem} className="field-error" />
      <div className="wizard-actions">
        {onCancel && (
          <button type="button" className="btn btn-outline" onClick={onCancel}>
            {t('quizForm.cancel')}
          </button>
        )}
        <button type="submit" className="btn" disabled={busy}>
          {busy ? t('quizForm.saving') : (submitLabel ?? t('quizForm.save'))}
        </button>
      </div>
    </form>
  );
}
