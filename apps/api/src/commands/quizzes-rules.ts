import { QUIZ_MAX_OPTIONS, QUIZ_MIN_OPTIONS, type TQuizQuestionType } from '@app/contract/quizzes';
import type { QuizOption } from '../db/schema-learning.ts';
import { badRequest } from '../errors.ts';
import type { QuestionMark, QuizQuestionRow } from '../presenters/quizzes.ts';

/** A question of a save request after the contract's schema (defaults applied). */
export type QuestionInput = {
  id?: number;
  type: TQuizQuestionType;
  text: string;
  options: { id?: number; text: string; correct: boolean }[];
  accepted?: string[];
  points: number;
  explanation?: string | null;
};

/** A question ready to store: options with ids (kept from the stored question, new ones after the highest). */
export type CheckedQuestion = {
  id?: number;
  type: TQuizQuestionType;
  text: string;
  options: QuizOption[];
  accepted: string[];
  points: number;
  explanation: string | null;
};

const TYPE_NAME: Record<TQuizQuestionType, string> = {
  single: 'a single-choice question',
  multiple: 'a multiple-choice question',
  truefalse: 'a true/false question',
  short: 'a short-answer question',
};

/** The comparison of short answers: without case and surrounding spaces. */
export const normalAnswer = (text: string): string => text.trim().toLowerCase();

/**
 * Checks a question against its type's rules (400 naming the question otherwise) and gives its options ids:
 * single = exactly one right option; multiple = at least one; truefalse = the two options True and False, one
 * right; short = at least one accepted text, no options. Option types have 2 to 10 options. An option id given
 * must be one of the stored question's (`storedIds`) and appear once; new options get ids after the highest.
 */
export function checkQuestion(q: QuestionInput, n: number, storedIds: ReadonlySet<number>): CheckedQuestion {
  const where = `Question ${n}`;
  const base = { id: q.id, type: q.type, text: q.text, points: q.points, explanation: q.explanation ?? null };
  if (q.type === 'short') {
    const accepted = [...new Set((q.accepted ?? []).map((a) => a.trim()).filter(Boolean))];
    if (accepted.length === 0) badRequest(`${where}: ${TYPE_NAME.short} needs at least one accepted answer.`);
    return { ...base, options: [], accepted };
  }
  const count = q.options.length;
  if (count < QUIZ_MIN_OPTIONS || count > QUIZ_MAX_OPTIONS)
    badRequest(`${where}: ${TYPE_NAME[q.type]} needs ${QUIZ_MIN_OPTIONS} to ${QUIZ_MAX_OPTIONS} options.`);
  const right = q.options.filter((o) => o.correct).length;
  if (q.type === 'single' && right !== 1)
    badRequest(`${where}: ${TYPE_NAME.single} needs exactly one right option.`);
  if (q.type === 'multiple' && right < 1)
    badRequest(`${where}: ${TYPE_NAME.multiple} needs at least one right option.`);
  if (q.type === 'truefalse') {
    const texts = q.options.map((o) => o.text.trim().toLowerCase()).sort();
    if (count !== 2 || texts[0] !== 'false' || texts[1] !== 'true' || right !== 1)
      badRequest(
        `${where}: ${TYPE_NAME.truefalse} has exactly two options, True and False, one of them right.`,
      );
  }
  const seen = new Set<number>();
  for (const o of q.options) {
    if (o.id === undefined) continue;
    if (seen.has(o.id)) badRequest(`${where}: option id ${o.id} appears twice.`);
    if (!storedIds.has(o.id)) badRequest(`${where}: option id ${o.id} is not an option of this question.`);
    seen.add(o.id);
  }
  let next = Math.max(0, ...storedIds, ...seen) + 1;
  const options = q.options.map((o) => ({ id: o.id ?? next++, text: o.text, correct: o.correct }));
  return { ...base, options, accepted: [] };
}

/** An answer of a submit request. */
export type AnswerInput = { questionId: number; optionIds?: number[]; text?: string };

/** Whether two id lists hold the same ids. */
const sameIds = (a: readonly number[], b: readonly number[]) => {
  const x = new Set(a);
  const y = new Set(b);
  return x.size === y.size && [...x].every((id) => y.has(id));
};

/**
 * Marks an attempt: a choice question is right when exactly its right options are chosen (no partial credit), a
 * short one when the text equals an accepted answer without case and surrounding spaces; an unanswered question
 * is wrong. Refuses (400) answers to questions the quiz does not have, a question answered twice, and option ids
 * the question does not have. Every question of the quiz gets a mark.
 */
export function markAnswers(
  questions: QuizQuestionRow[],
  answers: AnswerInput[],
  passPercent: number,
): { marks: QuestionMark[]; score: number; scoreOutOf: number; percent: number; passed: boolean } {
  const byId = new Map(questions.map((q) => [q.id, q]));
  const given = new Map<number, AnswerInput>();
  for (const a of answers) {
    const q = byId.get(a.questionId);
    if (!q) badRequest(`Question ${a.questionId} is not in this quiz.`);
    if (given.has(a.questionId)) badRequest(`Question ${a.questionId} is answered twice.`);
    const optionIds = new Set(q!.options.map((o) => o.id));
    for (const id of a.optionIds ?? [])
      if (!optionIds.has(id)) badRequest(`Question ${a.questionId} has no option ${id}.`);
    given.set(a.questionId, a);
  }
  let score = 0;
  let scoreOutOf = 0;
  const marks = questions.map((q): QuestionMark => {
    const a = given.get(q.id);
    scoreOutOf += q.points;
    let correct = false;
    if (q.type === 'short') {
      const text = a?.text ?? '';
      correct = text.trim() !== '' && q.accepted.some((x) => normalAnswer(x) === normalAnswer(text));
    } else {
      const chosen = a?.optionIds ?? [];
      const right = q.options.filter((o) => o.correct).map((o) => o.id);
      correct = chosen.length > 0 && sameIds(chosen, right);
    }
    if (correct) score += q.points;
    return {
      questionId: q.id,
      ...(a?.optionIds ? { optionIds: a.optionIds } : {}),
      ...(a?.text !== undefined ? { text: a.text } : {}),
      correct,
    };
  });
  const percent = scoreOutOf === 0 ? 0 : Math.round((score * 1000) / scoreOutOf) / 10;
  // Compared in whole numbers: 7 of 10 points passes a 70 % mark exactly.
  const passed = scoreOutOf > 0 && score * 100 >= passPercent * scoreOutOf;
  return { marks, score, scoreOutOf, percent, passed };
}
