import { z } from 'zod';
import { envelope, ZId, ZIdInput, ZPageRequest, ZText } from './common.ts';
import { ZTimeCreated } from './courses.ts';

export const QUESTION_TITLE_MAX = 150;
export const POST_BODY_MAX = 5000;
/** People may edit their own post for this long after posting. */
export const POST_EDIT_MINUTES = 30;
export const DELETED_POST_TEXT = '[deleted]';
export const QUESTION_SORTS = ['recent', 'top', 'unanswered'] as const;
/** At most this many announcements per course in 7 days. */
export const ANNOUNCEMENTS_PER_WEEK = 2;

const ZTitle = ZText('Title', QUESTION_TITLE_MAX);
const ZBody = ZText('Body', POST_BODY_MAX, { multiLine: true });

export const ZPostAuthor = z.object({
  id: ZId,
  fullName: z.string(),
  role: z.enum(['user', 'tutor', 'admin']),
});

// ---- questions ---------------------------------------------------------------------
/** `POST /question/add`: an owner student or the course's tutor, on a lesson (`seriesId`) or the whole course. */
export const ZQuestionAddRequest = z.object({
  courseId: ZIdInput,
  seriesId: ZIdInput.nullish(),
  title: ZTitle,
  body: ZBody,
});
export type TQuestionAddRequest = z.input<typeof ZQuestionAddRequest>;

/**
 * `POST /question/list`: a course's questions (owners, its tutor, admins), or with no `courseId` the tutor's inbox
 * across their courses (unanswered first).
 */
export const ZQuestionListRequest = ZPageRequest.extend({
  courseId: ZIdInput.optional(),
  seriesId: ZIdInput.optional(),
  sort: z
    .enum(QUESTION_SORTS, { error: `sort must be one of: ${QUESTION_SORTS.join(', ')}` })
    .default('recent'),
  q: z.string().trim().max(200, { error: 'q must be at most 200 characters' }).optional(),
});
export type TQuestionListRequest = z.input<typeof ZQuestionListRequest>;

export const ZQuestionDto = z.object({
  id: ZId,
  courseId: ZId,
  courseTitle: z.string(),
  seriesId: ZId.nullable(),
  /** '[deleted]' for a deleted question that has answers. */
  title: z.string(),
  body: z.string(),
  author: ZPostAuthor.nullable(),
  votes: z.number(),
  voted: z.boolean(),
  answerCount: z.number(),
  /** An answer was accepted. */
  accepted: z.boolean(),
  edited: z.boolean(),
  deleted: z.boolean(),
  /** Admins see hidden posts; everyone else never gets them. */
  hidden: z.boolean(),
  timeCreated: ZTimeCreated,
});
export type TQuestionDto = z.infer<typeof ZQuestionDto>;

export const ZQuestionListResponse = envelope({ questions: z.array(ZQuestionDto), totalData: z.number() });
export type TQuestionListResponse = z.infer<typeof ZQuestionListResponse>;

export const ZAnswerDto = z.object({
  id: ZId,
  questionId: ZId,
  body: z.string(),
  author: ZPostAuthor.nullable(),
  /** The course's tutor wrote it: shown with a 'Tutor' badge. */
  byTutor: z.boolean(),
  /** One of the course's teaching assistants wrote it: shown with an 'Assistant' badge. */
  byAssistant: z.boolean().optional(),
  votes: z.number(),
  voted: z.boolean(),
  accepted: z.boolean(),
  edited: z.boolean(),
  deleted: z.boolean(),
  hidden: z.boolean(),
  timeCreated: ZTimeCreated,
});
export type TAnswerDto = z.infer<typeof ZAnswerDto>;

export const ZPostIdRequest = z.object({ id: ZIdInput });
export const ZQuestionResponse = envelope({ question: ZQuestionDto, answers: z.array(ZAnswerDto) });
export type TQuestionResponse = z.infer<typeof ZQuestionResponse>;

export const ZAnswerAddRequest = z.object({ questionId: ZIdInput, body: ZBody });
export const ZAnswerResponse = envelope({ answer: ZAnswerDto });

/** `POST /question/vote`: exactly one of `questionId` and `answerId`; a second press takes the vote back. */
export const ZVoteRequest = z
  .object({ questionId: ZIdInput.optional(), answerId: ZIdInput.optional() })
  .refine((v) => (v.questionId === undefined) !== (v.answerId === undefined), {
    error: 'Send either questionId or answerId',
  });
export const ZVoteResponse = envelope({ votes: z.number(), voted: z.boolean() });

export const ZAcceptRequest = z.object({ answerId: ZIdInput });

/** `POST /question/edit {id, title?, body}`: `id` is the question's, or the answer's with `kind: 'answer'`. */
export const ZPostEditRequest = z.object({
  id: ZIdInput,
  kind: z.enum(['question', 'answer']).default('question'),
  title: ZTitle.optional(),
  body: ZBody,
});
export const ZPostKindRequest = z.object({
  id: ZIdInput,
  kind: z.enum(['question', 'answer']).default('question'),
});

/** `POST /question/report`: anyone who can read the post, with a reason. */
export const ZReportRequest = ZPostKindRequest.extend({ reason: ZText('Reason', 500, { multiLine: true }) });
export const ZReportListResponse = envelope({
  reports: z.array(
    z.object({
      id: ZId,
      kind: z.enum(['question', 'answer']),
      postId: ZId,
      questionId: ZId,
      courseTitle: z.string(),
      excerpt: z.string(),
      reason: z.string(),
      reporter: z.string(),
      hidden: z.boolean(),
      timeCreated: ZTimeCreated,
    }),
  ),
  totalData: z.number(),
});
export type TReportListResponse = z.infer<typeof ZReportListResponse>;

// ---- announcements ---------------------------------------------------------------------
export const ZAnnouncementAddRequest = z.object({ courseId: ZIdInput, title: ZTitle, body: ZBody });
export const ZAnnouncementListRequest = ZPageRequest.extend({ courseId: ZIdInput });
export const ZAnnouncementDto = z.object({
  id: ZId,
  courseId: ZId,
  title: z.string(),
  body: z.string(),
  tutorName: z.string(),
  timeCreated: ZTimeCreated,
});
export const ZAnnouncementResponse = envelope({ announcement: ZAnnouncementDto });
export const ZAnnouncementListResponse = envelope({
  announcements: z.array(ZAnnouncementDto),
  totalData: z.number(),
});
export type TAnnouncementListResponse = z.infer<typeof ZAnnouncementListResponse>;

// ---- preferences and the dashboard ------------------------------------------------------------
export const ZQaEmailsRequest = z.object({ enabled: z.boolean({ error: 'enabled must be true or false' }) });
export const ZQaEmailsResponse = envelope({ enabled: z.boolean() });
/** The tutor dashboard's Q&A figures. */
export const ZQaStatsResponse = envelope({
  unanswered: z.number(),
  /** Median minutes from a question to the tutor's first answer (null before any answer). */
  medianFirstAnswerMinutes: z.number().nullable(),
});
