import type {
  TQuizDto,
  TQuizQuestionDto,
  TQuizStatsResponse,
  TQuizSubmitResponse,
  TQuizQuestionType,
  TQuizSummary,
} from '@app/contract/quizzes';
import { shuffled } from '../lib/shuffle.ts';

/** A quiz row (db/schema-learning.ts `quizzes`). */
export type QuizRow = {
  id: number;
  courseId: number;
  sectionId: number;
  position: number;
  title: string;
  passPercent: number;
  maxAttempts: number;
  shuffle: boolean;
};

/** A question row (db/schema-learning.ts `quiz_questions`). */
export type QuizQuestionRow = {
  id: number;
  quizId: number;
  position: number;
  type: TQuizQuestionType;
  text: string;
  options: { id: number; text: string; correct: boolean }[];
  accepted: string[];
  points: number;
  explanation: string | null;
};

/** A quiz as each outline row carries it (queries/course-outline.ts). */
export type OutlineQuiz = { id: number; title: string; passPercent: number; questionCount: number };

/** A student's standing on a quiz they attempted (queries/quizzes.ts `quizStandings`). */
export type QuizStanding = { quizId: number; passed: boolean; bestPercent: number };

/** A student's standing on a quiz (0 / null / false for staff). */
export type AttemptStanding = { used: number; passed: boolean; bestPercent: number | null };

/** Who a quiz is shown to: staff (the owning tutor, admins) see right answers; students never do. */
export type QuizView = 'staff' | 'student';

/** Attempts left after `used` of `maxAttempts` (0 = unlimited: null). */
export const attemptsLeftOf = (maxAttempts: number, used: number): number | null =>
  maxAttempts === 0 ? null : Math.max(0, maxAttempts - used);

/** A question as staff see it: options with their `correct` flags, accepted answers and the explanation. */
function staffQuestion(q: QuizQuestionRow): TQuizQuestionDto {
  return {
    id: q.id,
    type: q.type,
    text: q.text,
    options: q.options.map((o) => ({ id: o.id, text: o.text, correct: o.correct })),
    accepted: q.type === 'short' ? [...q.accepted] : [],
    points: q.points,
    explanation: q.explanation,
  };
}

/**
 * A question as a student sees it: option ids and texts only, built field by field so nothing of the right
 * answers (flags, accepted texts, explanation) can ride along. A true/false pair keeps its order.
 */
function studentQuestion(q: QuizQuestionRow, shuffle: boolean): TQuizQuestionDto {
  const options = q.options.map((o) => ({ id: o.id, text: o.text }));
  return {
    id: q.id,
    type: q.type,
    text: q.text,
    options: shuffle && q.type !== 'truefalse' ? shuffled(options) : options,
    points: q.points,
  };
}

/** The quiz answer for `view`; a student's questions (and options) are shuffled when the quiz says so. */
export function quizDto(
  quiz: QuizRow,
  questions: QuizQuestionRow[],
  view: QuizView,
  standing: AttemptStanding,
): TQuizDto {
  const shuffle = view === 'student' && quiz.shuffle;
  const shown =
    view === 'staff'
      ? questions.map(staffQuestion)
      : (shuffle ? shuffled(questions) : questions).map((q) => studentQuestion(q, shuffle));
  return {
    id: quiz.id,
    courseId: quiz.courseId,
    sectionId: quiz.sectionId,
    title: quiz.title,
    passPercent: quiz.passPercent,
    maxAttempts: quiz.maxAttempts,
    shuffle: quiz.shuffle,
    questions: shown,
    attemptsUsed: standing.used,
    attemptsLeft: view === 'student' ? attemptsLeftOf(quiz.maxAttempts, standing.used) : null,
    bestPercent: standing.bestPercent,
    passed: standing.passed,
  };
}

/** A section's quizzes for the outline, with the viewer's standing (not passed, no percent without one). */
export function quizSummaries(
  quizzes: OutlineQuiz[] | null,
  standing: ReadonlyMap<number, QuizStanding>,
): TQuizSummary[] {
  return (quizzes ?? []).map((q) => {
    const mine = standing.get(q.id);
    return {
      id: q.id,
      title: q.title,
      questionCount: q.questionCount,
      passPercent: q.passPercent,
      passed: mine?.passed ?? false,
      bestPercent: mine?.bestPercent ?? null,
    };
  });
}

/** One question's mark in an attempt (stored in `quiz_attempts.answers`). */
export type QuestionMark = { questionId: number; optionIds?: number[]; text?: string; correct: boolean };

/**
 * A submitted attempt's answer. The right options, accepted texts and explanations are added only when
 * `reveal` (the student passed or has no attempts left).
 */
export function submitAnswer(
  questions: QuizQuestionRow[],
  marks: QuestionMark[],
  figures: {
    score: number;
    scoreOutOf: number;
    percent: number;
    passed: boolean;
    attemptsLeft: number | null;
  },
  reveal: boolean,
  certificateCode: string | null,
): Omit<TQuizSubmitResponse, 'responseDto'> {
  const markOf = new Map(marks.map((m) => [m.questionId, m.correct]));
  return {
    ...figures,
    results: questions.map((q) => ({
      questionId: q.id,
      correct: markOf.get(q.id) ?? false,
      ...(reveal
        ? {
            rightOptionIds: q.options.filter((o) => o.correct).map((o) => o.id),
            accepted: q.type === 'short' ? [...q.accepted] : [],
            explanation: q.explanation,
          }
        : {}),
    })),
    certificateCode,
  };
}

/** What the statistics are made of (queries/quizzes.ts `quizStatsRows`). */
export type QuizStatsRows = {
  quizzes: {
    id: number;
    title: string;
    sectionTitle: string;
    attempts: number;
    students: number;
    passedStudents: number;
  }[];
  questions: { id: number; quizId: number; text: string }[];
  answered: { questionId: number; answers: number; right: number }[];
};

/** A share in percent with one decimal place; null when there is nothing to share. */
const share = (part: number, whole: number): number | null =>
  whole === 0 ? null : Math.round((part * 1000) / whole) / 10;

/** The tutor's figures: per quiz attempts, students and pass rate; per question the share of right answers. */
export function quizStats(rows: QuizStatsRows): TQuizStatsResponse['quizzes'] {
  const answeredOf = new Map(rows.answered.map((a) => [a.questionId, a]));
  return rows.quizzes.map((q) => ({
    id: q.id,
    title: q.title,
    sectionTitle: q.sectionTitle,
    attempts: q.attempts,
    students: q.students,
    passRate: share(q.passedStudents, q.students),
    questions: rows.questions
      .filter((x) => x.quizId === q.id)
      .map((x) => {
        const a = answeredOf.get(x.id);
        return { id: x.id, text: x.text, rightPercent: a ? share(a.right, a.answers) : null };
      }),
  }));
}
