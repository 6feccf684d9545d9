import { z } from 'zod';
import {
  QUIZ_DEFAULT_PASS_PERCENT,
  QUIZ_MAX_OPTIONS,
  QUIZ_MAX_QUESTIONS,
  QUIZ_MIN_OPTIONS,
  ZQuizInput,
  ZQuizQuestionInput,
  type TQuizDto,
  type TQuizInput,
  type TQuizQuestionType,
} from '@app/contract/quizzes';
import type { Translate } from '@/lib/i18n/index.ts';
import { translateRefusal } from '@/lib/i18n/refusals.ts';

export const OPTIONS_TOO_FEW = `A question needs at least ${QUIZ_MIN_OPTIONS} options`;
export const OPTIONS_TOO_MANY = `A question has at most ${QUIZ_MAX_OPTIONS} options`;
export const MARK_ONE_RIGHT = 'Mark the one right option';
export const MARK_SOME_RIGHT = 'Mark at least one right option';
export const ACCEPTED_REQUIRED = 'Add at least one accepted answer';
export const ACCEPTED_TOO_MANY = 'A question has at most 20 accepted answers';
export const ACCEPTED_TOO_LONG = 'An accepted answer must be at most 200 characters';
export const QUESTIONS_TOO_FEW = 'A quiz needs at least one question';
export const QUESTIONS_TOO_MANY = `A quiz has at most ${QUIZ_MAX_QUESTIONS} questions`;

export const TRUE_FALSE = ['True', 'False'] as const;

/**
 * A message of the editor in the visitor's language: the editor's own messages above (its schema keeps them in
 * English, as the tests name them) by their catalog keys; any other (the contract's, the server's) through the
 * table of the server's sentences (docs/i18n.md, "Refusals").
 */
export function formMessage(t: Translate, message: string | undefined): string | undefined {
  switch (message) {
    case OPTIONS_TOO_FEW:
      return t('quizForm.error.optionsTooFew', { min: QUIZ_MIN_OPTIONS });
    case OPTIONS_TOO_MANY:
      return t('quizForm.error.optionsTooMany', { max: QUIZ_MAX_OPTIONS });
    case MARK_ONE_RIGHT:
      return t('quizForm.error.markOneRight');
    case MARK_SOME_RIGHT:
      return t('quizForm.error.markSomeRight');
    case ACCEPTED_REQUIRED:
      return t('quizForm.error.acceptedRequired');
    case ACCEPTED_TOO_MANY:
      return t('quizForm.error.acceptedTooMany');
    case ACCEPTED_TOO_LONG:
      return t('quizForm.error.acceptedTooLong');
    case QUESTIONS_TOO_FEW:
      return t('quizForm.error.questionsTooFew');
    case QUESTIONS_TOO_MANY:
      return t('quizForm.error.questionsTooMany', { max: QUIZ_MAX_QUESTIONS });
    default:
      return message && translateRefusal(message);
  }
}

/** The accepted answers of a `short` question, one a line. */
export const acceptedList = (text: string) =>
  text
    .split('\n')
    .map((a) => a.trim())
    .filter(Boolean);

/**
 * A question as the editor holds it: the contract's question (its field messages), with the accepted answers of a
 * `short` question as one text, one answer a line, and the rules of its type (the server checks the same).
 */
export const ZQuestionForm = ZQuizQuestionInput.omit({ accepted: true })
  .extend({
    acceptedText: z.string(),
    // An empty explanation is none.
    explanation: z
      .string()
      .transform((s) => s.trim() || null)
      .pipe(ZQuizQuestionInput.shape.explanation.unwrap()),
  })
  .superRefine((q, ctx) => {
    const at = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (q.type === 'short') {
      const accepted = acceptedList(q.acceptedText);
      if (accepted.length === 0) at('acceptedText', ACCEPTED_REQUIRED);
      else if (accepted.length > 20) at('acceptedText', ACCEPTED_TOO_MANY);
      else if (accepted.some((a) => a.length > 200)) at('acceptedText', ACCEPTED_TOO_LONG);
      return;
    }
    if (q.options.length < QUIZ_MIN_OPTIONS) return at('options', OPTIONS_TOO_FEW);
    if (q.options.length > QUIZ_MAX_OPTIONS) return at('options', OPTIONS_TOO_MANY);
    const right = q.options.filter((o) => o.correct).length;
    if (q.type === 'multiple' ? right === 0 : right !== 1)
      at('options', q.type === 'multiple' ? MARK_SOME_RIGHT : MARK_ONE_RIGHT);
  });

/** The quiz editor's schema: the contract's quiz fields and messages, each question checked by its type. */
export const ZQuizForm = ZQuizInput.omit({ questions: true }).extend({
  questions: z
    .array(ZQuestionForm)
    .min(1, { error: QUESTIONS_TOO_FEW })
    .max(QUIZ_MAX_QUESTIONS, { error: QUESTIONS_TOO_MANY }),
});
/** What the inputs hold (numbers as typed text). */
export type QuizFormValues = z.input<typeof ZQuizForm>;
export type QuestionFormValues = z.input<typeof ZQuestionForm>;
/** What a valid form gives. */
export type QuizFormOutput = z.output<typeof ZQuizForm>;

/** The options a question of `type` starts with (true/false: the two fixed ones). */
export function optionsFor(type: TQuizQuestionType): NonNullable<QuestionFormValues['options']> {
  if (type === 'truefalse') return TRUE_FALSE.map((text, i) => ({ text, correct: i === 0 }));
  if (type === 'short') return [];
  return [
    { text: '', correct: type === 'single' },
    { text: '', correct: false },
  ];
}

export const emptyQuestion = (type: TQuizQuestionType = 'single'): QuestionFormValues => ({
  type,
  text: '',
  options: optionsFor(type),
  acceptedText: '',
  points: '1',
  explanation: '',
});

export const emptyQuiz = (): QuizFormValues => ({
  title: '',
  passPercent: String(QUIZ_DEFAULT_PASS_PERCENT),
  maxAttempts: '0',
  shuffle: false,
  questions: [emptyQuestion()],
});

/** The quiz as `/quiz/save` takes it. */
export function toQuizInput(form: QuizFormOutput): TQuizInput {
  return {
    ...(form.id !== undefined ? { id: form.id } : {}),
    title: form.title,
    passPercent: form.passPercent,
    maxAttempts: form.maxAttempts,
    shuffle: form.shuffle,
    questions: form.questions.map(({ acceptedText, ...q }) => ({
      ...q,
      options: q.type === 'short' ? [] : q.options,
      ...(q.type === 'short' ? { accepted: acceptedList(acceptedText) } : {}),
      explanation: q.explanation ?? null,
    })),
  };
}

/** The editor's values for a quiz as the tutor gets it (`/quiz/get`) or as a draft holds it. */
export function toQuizForm(quiz: TQuizDto | TQuizInput): QuizFormValues {
  return {
    ...(quiz.id !== undefined ? { id: quiz.id } : {}),
    title: quiz.title,
    passPercent: String(quiz.passPercent ?? QUIZ_DEFAULT_PASS_PERCENT),
    maxAttempts: String(quiz.maxAttempts ?? 0),
    shuffle: quiz.shuffle ?? false,
    questions: quiz.questions.map((q) => ({
      ...(q.id !== undefined ? { id: q.id } : {}),
      type: q.type,
      text: q.text,
      options: (q.options ?? []).map((o) => ({
        ...(o.id !== undefined ? { id: o.id } : {}),
        text: o.text,
        correct: o.correct ?? false,
      })),
      acceptedText: (q.accepted ?? []).join('\n'),
      points: String(q.points ?? 1),
      explanation: q.explanation ?? '',
    })),
  };
}
