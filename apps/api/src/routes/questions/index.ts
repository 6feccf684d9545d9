import type { FastifyInstance } from 'fastify';
import { POST_EDIT_MINUTES } from '@app/contract/questions';
import {
  acceptAnswer,
  addAnswer,
  addQuestion,
  deletePost,
  editPost,
  toggleVote,
} from '../../commands/questions.ts';
import { badRequest, forbidden, notFound, ok } from '../../errors.ts';
import { currentAccount, requireRole } from '../../plugins/auth.ts';
import {
  ANSWERS_PER_HOUR,
  assertMayAccept,
  assertMayPostQa,
  assertOwnPost,
  EDIT_WINDOW_MESSAGE,
  QUESTIONS_PER_HOUR,
  seesHidden,
  withinEditWindow,
} from '../../policies/questions.ts';
import { answerDto, questionDto } from '../../presenters/questions.ts';
import { courseAssistantIds } from '../../queries/assistants.ts';
import {
  answerById,
  listQuestions,
  questionAnswers,
  questionById,
  seriesCourseId,
} from '../../queries/questions.ts';
import { opRoute } from '../op-route.ts';
import {
  assertNotDeleted,
  NO_QUESTION_MESSAGE,
  readableAnswer,
  readableCourse,
  readableQuestion,
} from './load.ts';
import moderationRoutes from './moderation.ts';
import announcementRoutes from './announcements.ts';

/**
 * Questions and answers on a course's lessons: its owners and its tutor ask, answer, vote and accept; admins read
 * and moderate. Text goes in and out as plain text, never as HTML.
 */
export default async function questionRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const { db } = ctx;
  const anyone = requireRole({ db, jwtSecret: ctx.config.jwtSecret }, 'user', 'tutor', 'admin');
  const tag = 'questions';

  /** The question with its standing answers, as the caller sees it. */
  async function questionAnswer(id: number, viewer: { id: number; role: 'user' | 'tutor' | 'admin' }) {
    const question = (await questionById(db, id, viewer.id)) ?? notFound(NO_QUESTION_MESSAGE);
    const [rows, assistants] = await Promise.all([
      questionAnswers(db, id, question.acceptedAnswerId, viewer.id, seesHidden(viewer)),
      courseAssistantIds(db, question.courseId),
    ]);
    return {
      responseDto: ok(),
      question: questionDto(question),
      answers: rows.map((a) => answerDto(a, question, question.acceptedAnswerId, assistants)),
    };
  }

  opRoute(
    app,
    'questionAdd',
    {
      tag,
      auth: anyone,
      description: `A question on a lesson or the whole course, by an owner or the tutor. At most ${QUESTIONS_PER_HOUR} an hour (429).`,
    },
    async (req) => {
      const account = currentAccount(req);
      const { course, viewer } = await readableCourse(db, account, req.body.courseId);
      assertMayPostQa(viewer, course);
      const seriesId = req.body.seriesId ?? null;
      if (seriesId !== null && (await seriesCourseId(db, seriesId)) !== course.id)
        badRequest('This lesson is not part of this course.');
      const id = await addQuestion(db, { course, author: account, seriesId, ...req.body });
      return { ...(await questionAnswer(id, account)), responseDto: ok('Question posted') };
    },
  );

  opRoute(
    app,
    'questionList',
    {
      tag,
      auth: anyone,
      description:
        "A course's questions (with `seriesId`, that lesson's first), or without `courseId` the tutor's inbox across their courses, unanswered first.",
    },
    async (req) => {
      const account = currentAccount(req);
      const { courseId, seriesId, sort, q, pageSize, pageNo } = req.body;
      let includeHidden = false;
      if (courseId !== undefined) {
        const { viewer } = await readableCourse(db, account, courseId);
        includeHidden = seesHidden(viewer);
      } else if (account.role !== 'tutor') {
        forbidden("Only tutors have a questions inbox. Send courseId to list a course's questions.");
      }
      const { rows, total } = await listQuestions(db, account.id, {
        courseId,
        tutorId: account.id,
        seriesId,
        sort,
        q: q || undefined,
        includeHidden,
        pageSize,
        pageNo,
      });
      return { responseDto: ok(), questions: rows.map(questionDto), totalData: total };
    },
  );

  opRoute(app, 'questionGet', { tag, auth: anyone }, async (req) => {
    const account = currentAccount(req);
    const { question } = await readableQuestion(db, account, req.body.id);
    return questionAnswer(question.id, account);
  });

  opRoute(
    app,
    'questionAnswer',
    { tag, auth: anyone, description: `At most ${ANSWERS_PER_HOUR} answers an hour (429).` },
    async (req) => {
      const account = currentAccount(req);
      const { question, course, viewer } = await readableQuestion(db, account, req.body.questionId);
      assertMayPostQa(viewer, course);
      assertNotDeleted(question.deletedAt);
      const id =
        (await addAnswer(db, { course, question, author: account, body: req.body.body })) ??
        badRequest('This question was deleted.');
      const answer = (await answerById(db, id, account.id))!;
      return {
        responseDto: ok('Answer posted'),
        answer: answerDto(answer, course, question.acceptedAnswerId, await courseAssistantIds(db, course.id)),
      };
    },
  );

  opRoute(
    app,
    'questionVote',
    { tag, auth: anyone, description: 'One vote per person; a second press takes it back.' },
    async (req) => {
      const account = currentAccount(req);
      const post =
        req.body.questionId !== undefined
          ? { kind: 'question' as const, ...(await readableQuestion(db, account, req.body.questionId)) }
          : { kind: 'answer' as const, ...(await readableAnswer(db, account, req.body.answerId!)) };
      assertMayPostQa(post.viewer, post.course);
      const { id, authorId, deletedAt } = post.kind === 'question' ? post.question : post.answer;
      assertNotDeleted(deletedAt, 'You cannot vote on a deleted post.');
      if (authorId === account.id) badRequest('You cannot vote for your own post.');
      return { responseDto: ok(), ...(await toggleVote(db, post.kind, id, account.id)) };
    },
  );

  opRoute(
    app,
    'questionAccept',
    {
      tag,
      auth: anyone,
      description: 'The asker or the tutor marks one answer; accepting another moves the mark.',
    },
    async (req) => {
      const account = currentAccount(req);
      const { answer, course, viewer } = await readableAnswer(db, account, req.body.answerId);
      assertMayAccept(viewer, course, answer.askerId);
      assertNotDeleted(answer.questionDeletedAt);
      await acceptAnswer(db, { course, answer, actorId: account.id });
      return { responseDto: ok('Answer accepted') };
    },
  );

  opRoute(
    app,
    'questionEdit',
    { tag, auth: anyone, description: `Your own post, within ${POST_EDIT_MINUTES} minutes of posting.` },
    async (req) => {
      const account = currentAccount(req);
      const { id, kind, title, body } = req.body;
      const post =
        kind === 'question'
          ? (await readableQuestion(db, account, id)).question
          : (await readableAnswer(db, account, id)).answer;
      if (kind === 'answer' && title !== undefined) badRequest('An answer has no title.');
      assertOwnPost(account, post.authorId);
      assertNotDeleted(post.deletedAt, 'This post was deleted.');
      if (!withinEditWindow(post.createdAt, new Date())) badRequest(EDIT_WINDOW_MESSAGE);
      if (!(await editPost(db, kind, id, { title, body }))) badRequest('This post was deleted.');
      return { responseDto: ok('Post updated') };
    },
  );

  opRoute(
    app,
    'questionDelete',
    { tag, auth: anyone, description: 'Your own post, at any time.' },
    async (req) => {
      const account = currentAccount(req);
      const { id, kind } = req.body;
      const post =
        kind === 'question'
          ? (await readableQuestion(db, account, id)).question
          : (await readableAnswer(db, account, id)).answer;
      assertOwnPost(account, post.authorId);
      await deletePost(db, kind, id);
      return { responseDto: ok('Post deleted') };
    },
  );

  await app.register(moderationRoutes);
  await app.register(announcementRoutes);
}
