import { DELETED_POST_TEXT, type TAnswerDto, type TQuestionDto } from '@app/contract/questions';
import type { TRole } from '@app/contract/common';
import { timeCreated } from './time.ts';

type PostAuthorRow = { authorId: number; authorName: string; authorRole: TRole };

/** A question row as the queries read it (with its author, course and the viewer's vote). */
export type QuestionRow = PostAuthorRow & {
  id: number;
  courseId: number;
  courseTitle: string;
  tutorId: number;
  seriesId: number | null;
  title: string;
  body: string;
  votes: number;
  voted: boolean;
  answerCount: number;
  acceptedAnswerId: number | null;
  editedAt: Date | null;
  deletedAt: Date | null;
  hiddenAt: Date | null;
  createdAt: Date;
};

export type AnswerRow = PostAuthorRow & {
  id: number;
  questionId: number;
  body: string;
  votes: number;
  voted: boolean;
  editedAt: Date | null;
  deletedAt: Date | null;
  hiddenAt: Date | null;
  createdAt: Date;
};

const authorOf = (r: PostAuthorRow) => ({ id: r.authorId, fullName: r.authorName, role: r.authorRole });

/** A question as answered: a deleted one keeps its place as '[deleted]' with no author. Text goes out as stored. */
export const questionDto = (r: QuestionRow): TQuestionDto => {
  const deleted = r.deletedAt !== null;
  return {
    id: r.id,
    courseId: r.courseId,
    courseTitle: r.courseTitle,
    seriesId: r.seriesId,
    title: deleted ? DELETED_POST_TEXT : r.title,
    body: deleted ? DELETED_POST_TEXT : r.body,
    author: deleted ? null : authorOf(r),
    votes: r.votes,
    voted: r.voted,
    answerCount: r.answerCount,
    accepted: r.acceptedAnswerId !== null,
    edited: r.editedAt !== null,
    deleted,
    hidden: r.hiddenAt !== null,
    timeCreated: timeCreated(r.createdAt),
  };
};

/**
 * An answer as answered, with the 'Tutor' badge when the course's tutor wrote it and the 'Assistant' badge when one
 * of its teaching assistants (`assistantIds`) did.
 */
export const answerDto = (
  r: AnswerRow,
  course: { tutorId: number },
  acceptedAnswerId: number | null,
  assistantIds: ReadonlySet<number> = new Set(),
): TAnswerDto => {
  const deleted = r.deletedAt !== null;
  return {
    id: r.id,
    questionId: r.questionId,
    body: deleted ? DELETED_POST_TEXT : r.body,
    author: deleted ? null : authorOf(r),
    byTutor: r.authorId === course.tutorId,
    byAssistant: assistantIds.has(r.authorId),
    votes: r.votes,
    voted: r.voted,
    accepted: r.id === acceptedAnswerId,
    edited: r.editedAt !== null,
    deleted,
    hidden: r.hiddenAt !== null,
    timeCreated: timeCreated(r.createdAt),
  };
};

/** How much of a reported post the moderation list shows. */
export const EXCERPT_LENGTH = 200;

/** A report as the moderation list shows it. */
export const reportDto = (r: {
  id: number;
  kind: 'question' | 'answer';
  postId: number;
  questionId: number;
  courseTitle: string;
  text: string;
  reason: string;
  reporter: string;
  hiddenAt: string | Date | null;
  createdAt: Date;
}) => ({
  id: r.id,
  kind: r.kind,
  postId: r.postId,
  questionId: r.questionId,
  courseTitle: r.courseTitle,
  excerpt: [...r.text].slice(0, EXCERPT_LENGTH).join(''),
  reason: r.reason,
  reporter: r.reporter,
  hidden: r.hiddenAt !== null,
  timeCreated: timeCreated(r.createdAt),
});

/** An announcement as answered. */
export const announcementDto = (r: {
  id: number;
  courseId: number;
  title: string;
  body: string;
  tutorName: string;
  createdAt: Date;
}) => ({
  id: r.id,
  courseId: r.courseId,
  title: r.title,
  body: r.body,
  tutorName: r.tutorName,
  timeCreated: timeCreated(r.createdAt),
});
