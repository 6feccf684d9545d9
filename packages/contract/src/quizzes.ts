import { z } from 'zod';
import { envelope, numberInput, ZId, ZIdInput, ZText } from './common.ts';

export const QUIZ_QUESTION_TYPES = ['single', 'multiple', 'truefalse', 'short'] as const;
export const ZQuizQuestionType = z.enum(QUIZ_QUESTION_TYPES, {
  error: `type must be one of: ${QUIZ_QUESTION_TYPES.join(', ')}`,
});
export type TQuizQuestionType = z.infer<typeof ZQuizQuestionType>;

export const QUIZ_DEFAULT_PASS_PERCENT = 70;
export const QUIZ_MAX_QUESTIONS = 50;
export const QUIZ_MIN_OPTIONS = 2;
export const QUIZ_MAX_OPTIONS = 10;

const whole = (field: string, min: number, max: number) =>
  numberInput(
    z
      .number()
      .int({ error: `${field} must be a whole number` })
      .min(min, { error: `${field} must be at least ${min}` })
      .max(max, { error: `${field} must be at most ${max}` }),
  );

// ---- what the tutor saves ------------------------------------------------------
export const ZQuizOptionInput = z.object({
  id: ZIdInput.optional(),
  text: ZText('Option text', 500),
  correct: z.boolean({ error: 'correct must be true or false' }).default(false),
});

export const ZQuizQuestionInput = z.object({
  id: ZIdInput.optional(),
  type: ZQuizQuestionType,
  text: ZText('Question text', 2000, { multiLine: true }),
  options: z.array(ZQuizOptionInput).max(QUIZ_MAX_OPTIONS).default([]),
  accepted: z.array(ZText('Accepted answer', 200)).max(20).optional(),
  points: whole('points', 1, 100).default(1),
  explanation: ZText('Explanation', 2000, { multiLine: true }).nullish(),
});
export type TQuizQuestionInput = z.input<typeof ZQuizQuestionInput>;

export const ZQuizInput = z.object({
  id: ZIdInput.optional(),
  title: ZText('Quiz title', 200),
  passPercent: whole('passPercent', 1, 100).default(QUIZ_DEFAULT_PASS_PERCENT),
  /** 0 = unlimited. */
  maxAttempts: whole('maxAttempts', 0, 100).default(0),
  shuffle: z.boolean({ error: 'shuffle must be true or false' }).default(false),
  questions: z
    .array(ZQuizQuestionInput)
    .min(1, { error: 'A quiz needs at least one question' })
    .max(QUIZ_MAX_QUESTIONS, { error: `A quiz has at most ${QUIZ_MAX_QUESTIONS} questions` }),
});
export type TQuizInput = z.input<typeof ZQuizInput>;

/** `POST /quiz/save`: the owning tutor, under the course's edit rules. Per-type option rules are the server's. */
export const ZQuizSaveRequest = z.object({ courseId: ZIdInput, sectionId: ZIdInput, quiz: ZQuizInput });
export type TQuizSaveRequest = z.input<typeof ZQuizSaveRequest>;
export const ZQuizIdRequest = z.object({ quizId: ZIdInput });

// ---- what is answered ------------------------------------------------------------
/** An option as the tutor and admins see it; a student's never carries `correct`. */
export const ZQuizOptionDto = z.object({ id: ZId, text: z.string(), correct: z.boolean().optional() });
export const ZQuizQuestionDto = z.object({
  id: ZId,
  type: ZQuizQuestionType,
  text: z.string(),
  options: z.array(ZQuizOptionDto),
  /** Tutor and admins only. */
  accepted: z.array(z.string()).optional(),
  points: z.number(),
  /** Tutor and admins only (a student gets explanations with the results once they are revealed). */
  explanation: z.string().nullable().optional(),
});
export type TQuizQuestionDto = z.infer<typeof ZQuizQuestionDto>;

export const ZQuizDto = z.object({
  id: ZId,
  courseId: ZId,
  sectionId: ZId,
  title: z.string(),
  passPercent: z.number(),
  maxAttempts: z.number(),
  shuffle: z.boolean(),
  questions: z.array(ZQuizQuestionDto),
  /** The viewer's (a student's) attempts so far, best percent and whether passed; 0/null/false for staff. */
  attemptsUsed: z.number(),
  attemptsLeft: z.number().nullable(),
  bestPercent: z.number().nullable(),
  passed: z.boolean(),
});
export type TQuizDto = z.infer<typeof ZQuizDto>;
export const ZQuizResponse = envelope({ quiz: ZQuizDto });
export type TQuizResponse = z.infer<typeof ZQuizResponse>;

/** A quiz in the course outline (`sectionDto[].quizzes`). */
export const ZQuizSummary = z.object({
  id: ZId,
  title: z.string(),
  questionCount: z.number(),
  passPercent: z.number(),
  /** For the viewer: passed, and the best percent so far (null before any attempt or for guests). */
  passed: z.boolean(),
  bestPercent: z.number().nullable(),
});
export type TQuizSummary = z.infer<typeof ZQuizSummary>;

// ---- submitting --------------------------------------------------------------------
export const ZQuizAnswerInput = z.object({
  questionId: ZIdInput,
  optionIds: z.array(ZIdInput).max(QUIZ_MAX_OPTIONS).optional(),
  text: z.string().max(500, { error: 'An answer must be at most 500 characters' }).optional(),
});
export const ZQuizSubmitRequest = z.object({
  quizId: ZIdInput,
  answers: z.array(ZQuizAnswerInput).max(QUIZ_MAX_QUESTIONS),
});
export type TQuizSubmitRequest = z.input<typeof ZQuizSubmitRequest>;

/** Each question's result; `rightOptionIds`, `accepted` and `explanation` only once revealed. */
export const ZQuizResult = z.object({
  questionId: ZId,
  correct: z.boolean(),
  rightOptionIds: z.array(ZId).optional(),
  accepted: z.array(z.string()).optional(),
  explanation: z.string().nullable().optional(),
});
export const ZQuizSubmitResponse = envelope({
  score: z.number(),
  scoreOutOf: z.number(),
  percent: z.number(),
  passed: z.boolean(),
  /** null = unlimited. */
  attemptsLeft: z.number().nullable(),
  results: z.array(ZQuizResult),
  /** Set when this attempt completed the course and issued its certificate. */
  certificateCode: z.string().nullable(),
  /** True when the attempt came after the student's cohort deadline (docs/cohorts.md). */
  late: z.boolean().optional(),
});
export type TQuizSubmitResponse = z.infer<typeof ZQuizSubmitResponse>;

// ---- the tutor's statistics ------------------------------------------------------------
export const ZQuizStatsRequest = z.object({ courseId: ZIdInput });
export const ZQuizStatsResponse = envelope({
  quizzes: z.array(
    z.object({
      id: ZId,
      title: z.string(),
      sectionTitle: z.string(),
      attempts: z.number(),
      students: z.number(),
      /** Share of students who passed, 0..100; null before any attempt. */
      passRate: z.number().nullable(),
      questions: z.array(
        z.object({
          id: ZId,
          text: z.string(),
          /** Share of answers that were right, 0..100; null before any attempt. */
          rightPercent: z.number().nullable(),
        }),
      ),
    }),
  ),
});
export type TQuizStatsResponse = z.infer<typeof ZQuizStatsResponse>;
