import { z } from 'zod';
import { ZUserDto } from './accounts.ts';
import { envelope, lookupId, numberInput, ZId, ZIdInput, ZPageRequest, ZPlainText, ZText } from './common.ts';
import { COURSE_STATUSES, STATUS_REASON_MAX } from './course-rules.ts';
import { ZQuizSummary } from './quizzes.ts';

export { COURSE_STATUSES };
export type { TCourseStatus } from './course-rules.ts';
export const ZCourseStatus = z.enum(COURSE_STATUSES, {
  error: `Status must be one of: ${COURSE_STATUSES.join(', ')}`,
});

import { FEATURED_CATEGORIES, SEARCH_MIN_LENGTH, SEARCH_SORTS } from './catalogue.ts';
import { LANGUAGE_TAG_PATTERN } from './locales.ts';

export { FEATURED_CATEGORIES, SEARCH_MIN_LENGTH, SEARCH_SORTS };
export const MAX_NAIRA_PRICE = 10_000_000;
export const NO_SECTIONS_MESSAGE = 'You must add one section with series to the course';
export const sectionWithoutSeriesMessage = (n: number) => `Section ${n} must contain at least one series`;

// ---- groups and categories -------------------------------------------------
export const ZCodeDto = z.object({ id: ZId, code: z.string(), description: z.string() });
export type TCodeDto = z.infer<typeof ZCodeDto>;
export const ZCourseGroupsResponse = envelope({ courseGroups: z.array(ZCodeDto) });
export const ZCourseCategoriesResponse = envelope({ courseCategories: z.array(ZCodeDto) });

// ---- progress ----------------------------------------------------------------
/** A lesson is complete once this share of it was watched (or it played to the end). */
export const COMPLETE_AT = 0.9;

export const ZCourseProgress = z.object({
  courseId: ZId,
  /** Completed lessons out of all lessons, 0..100, rounded down. */
  percent: z.number(),
  completedSeriesIds: z.array(ZId),
  /** The lesson watched last and where in it; null before the first lesson. */
  lastSeriesId: ZId.nullable(),
  lastPositionSeconds: z.number().nullable(),
  /** Lessons the server saw watched (≥ 90 % covered at no more than twice real time): what completion counts. */
  watchedSeriesIds: z.array(ZId),
  /** The course's quizzes this student passed. */
  passedQuizIds: z.array(ZId),
  /** The course's assignments this student passed (docs/assignments.md). */
  passedAssignmentIds: z.array(ZId).optional(),
  /** Every lesson watched, every quiz passed and every assignment required for the certificate passed. */
  complete: z.boolean(),
  /** The certificate's code once issued (null before, or when revoked). */
  certificateCode: z.string().nullable(),
});
export type TCourseProgress = z.infer<typeof ZCourseProgress>;

/** The longest lesson position the player may report: a day. */
export const MAX_POSITION_SECONDS = 24 * 3600;

export const ZProgressUpdateRequest = z.object({
  courseId: ZIdInput,
  seriesId: ZIdInput,
  positionSeconds: numberInput(
    z
      .number()
      .min(0, { error: 'must be 0 or more' })
      .max(MAX_POSITION_SECONDS, { error: `must be at most ${MAX_POSITION_SECONDS}` }),
  ),
  completed: z.boolean({ error: 'must be true or false' }).optional(),
});
export type TProgressUpdateRequest = z.infer<typeof ZProgressUpdateRequest>;
export const ZProgressCourseRequest = z.object({ courseId: ZIdInput });
export const ZProgressResponse = envelope({ progress: ZCourseProgress });
export type TProgressResponse = z.infer<typeof ZProgressResponse>;

// ---- the course as answered --------------------------------------------------
export const VIDEO_STATUSES = ['none', 'processing', 'ready', 'failed'] as const;
export const ZVideoStatus = z.enum(VIDEO_STATUSES);
export type TVideoStatus = z.infer<typeof ZVideoStatus>;

/** One rung of a lesson's HLS ladder: picture height, measured average bitrate and total bytes. */
export const ZRendition = z.object({ height: z.number(), bitrateKbps: z.number(), bytes: z.number() });
export type TRendition = z.infer<typeof ZRendition>;

/**
 * `videoLink` (the original MP4) and `resourceFile` are signed URLs for those entitled, null for everyone else;
 * a `preview` lesson's video is open to anyone. `hlsLink` is the signed HLS master playlist once the
 * transcode is `ready`.
 */
export const ZSeriesDto = z.object({
  id: ZId,
  title: z.string(),
  videoLink: z.string().nullable(),
  resourceFile: z.string().nullable(),
  videoFile: z.string().nullable(),
  preview: z.boolean(),
  videoStatus: ZVideoStatus,
  /** Why the transcode failed (owning tutor and admins only). */
  videoError: z.string().nullable(),
  hlsLink: z.string().nullable(),
  durationSeconds: z.number().nullable(),
  posterUrl: z.string().nullable(),
  renditions: z.array(ZRendition),
});
export type TSeriesDto = z.infer<typeof ZSeriesDto>;

export const ZSectionDto = z.object({
  id: ZId,
  title: z.string(),
  seriesList: z.array(ZSeriesDto),
  /** The section's quizzes, after its lessons (for the viewer: passed and best percent). */
  quizzes: z.array(ZQuizSummary).optional(),
  /**
   * For a cohort member whose section is not released yet (docs/cohorts.md): true, and its lessons have no links.
   * Absent for everyone else.
   */
  locked: z.boolean().optional(),
  /** A locked section's opening moment (ISO 8601), null when it opens once the previous section is complete. */
  opensAt: z.string().nullable().optional(),
});
export type TSectionDto = z.infer<typeof ZSectionDto>;

/** `[year, month, day, hour, minute, second]` in UTC. */
export const ZTimeCreated = z.tuple([z.number(), z.number(), z.number(), z.number(), z.number(), z.number()]);
export type TTimeCreated = z.infer<typeof ZTimeCreated>;

/**
 * The language a course is taught in: one of the app's (`en`, `pcm`, `yo`, `ha`, `ig`) or any other BCP-47 tag,
 * kept lower-case but for its region (`pt-BR`).
 */
export const ZCourseLanguage = z
  .string()
  .trim()
  .regex(LANGUAGE_TAG_PATTERN, {
    error: 'language must be a language code such as en, pcm, yo, ha, ig or fr',
  })
  .transform((tag) => {
    const [first = '', ...rest] = tag.split('-');
    return [first.toLowerCase(), ...rest].join('-');
  });

export const ZCourseDto = z.object({
  id: ZId,
  title: z.string(),
  description: z.string(),
  author: z.string(),
  /** The language the course is taught in (always sent; `en` for a course made before languages). */
  language: z.string().optional(),
  nairaPrice: z.number(),
  /** The price in a live site-wide sale (naira), null outside any. */
  salePrice: z.number().nullable().optional(),
  courseImageUrl: z.string(),
  /** The trailer (promo video): a signed URL for anyone on a published course, else only for those entitled. */
  courseVideoUrl: z.string().nullable(),
  /** The trailer's signed HLS master playlist once its transcode is ready (same rule as courseVideoUrl). */
  courseVideoHlsLink: z.string().nullable().optional(),
  /** The promo video's file name as uploaded: for the owning tutor and admins (the edit screen), null otherwise. */
  courseVideoFile: z.string().nullable().optional(),
  courseGroup: z.string(),
  courseCategory: z.string(),
  status: ZCourseStatus,
  timeCreated: ZTimeCreated,
  sectionDto: z.array(ZSectionDto),
  /** Number of students enrolled. */
  studentCount: z.number(),
  /** True when the caller owns (bought) the course. */
  owned: z.boolean(),
  /** True when the caller may play the media: owner student, owning tutor or admin. */
  canWatch: z.boolean(),
  /** Mean of the visible reviews' stars, one decimal; null while the course has none ('New'). */
  averageRating: z.number().nullable(),
  /** Number of visible reviews. */
  ratingCount: z.number(),
  /** Tutor and admin answers only: buyers and the tutor's net from this course after the fee and refunds (naira). */
  buyerCount: z.number().optional(),
  totalEarnings: z.number().optional(),
  /** `/user/allcourses` only: the student's progress in this course. */
  progress: ZCourseProgress.optional(),
  /** Tutor and admin answers only: the reason given with the latest status change (null when none). */
  statusReason: z.string().nullable().optional(),
});
export type TCourseDto = z.infer<typeof ZCourseDto>;

/** What a course card shows (the web's CourseCard, and the server's first screens that mirror it). */
export type TCourseCard = Pick<
  TCourseDto,
  | 'id'
  | 'title'
  | 'author'
  | 'nairaPrice'
  | 'salePrice'
  | 'courseImageUrl'
  | 'studentCount'
  | 'averageRating'
  | 'ratingCount'
  | 'language'
>;

export const ZCoursesPageResponse = envelope({ coursesDtos: z.array(ZCourseDto), totalData: z.number() });
export type TCoursesPageResponse = z.infer<typeof ZCoursesPageResponse>;
export const ZCourseResponse = envelope({ coursesDto: ZCourseDto });
export type TCourseResponse = z.infer<typeof ZCourseResponse>;

// ---- public reads --------------------------------------------------------------
export const ZStudentCoursesRequest = ZPageRequest.extend({
  category: ZPlainText().max(100).optional(),
  /** Only the courses taught in this language. */
  language: ZCourseLanguage.optional(),
});
export type TStudentCoursesRequest = z.infer<typeof ZStudentCoursesRequest>;
export const NO_COURSE_MESSAGE = 'Course does not exist';
export const ZSingleCourseRequest = z.object({ courseId: lookupId(NO_COURSE_MESSAGE) });
export const ZGroupParams = z.object({ group: ZText('group', 100) });
export const ZCourseIdParams = z.object({ id: lookupId(NO_COURSE_MESSAGE) });

export const ZSearchSort = z.enum(SEARCH_SORTS, { error: `sort must be one of: ${SEARCH_SORTS.join(', ')}` });
export type TSearchSort = z.infer<typeof ZSearchSort>;
/** A number or a numeric string (a query string's "500"); null, "" or false are refused, not read as 0. */
const ZNairaBound = numberInput(
  z.number().min(0, { error: 'Price filters cannot be negative' }).max(MAX_NAIRA_PRICE),
  'Price filters must be numbers',
);

/** The spec's `{search, pageSize, pageNo}`, plus optional filters and a sort (the search page). */
export const ZSearchRequest = ZPageRequest.extend({
  search: ZText('search', 100),
  category: ZPlainText().trim().max(100).optional(),
  minPrice: ZNairaBound.optional(),
  maxPrice: ZNairaBound.optional(),
  minRating: numberInput(
    z
      .number()
      .min(1, { error: 'minRating must be between 1 and 5' })
      .max(5, { error: 'minRating must be between 1 and 5' }),
    'minRating must be a number',
  ).optional(),
  /** Only the courses taught in this language. */
  language: ZCourseLanguage.optional(),
  sort: ZSearchSort.optional(),
}).refine((r) => r.minPrice === undefined || r.maxPrice === undefined || r.minPrice <= r.maxPrice, {
  error: 'minPrice cannot be more than maxPrice',
  path: ['minPrice'],
});
export type TSearchRequest = z.input<typeof ZSearchRequest>;
/** id, title and author as the spec reads them, plus what a result card shows. */
export const ZSearchHit = z.object({
  id: ZId,
  title: z.string(),
  author: z.string(),
  nairaPrice: z.number().optional(),
  salePrice: z.number().nullable().optional(),
  courseImageUrl: z.string().optional(),
  courseCategory: z.string().optional(),
  averageRating: z.number().nullable().optional(),
  ratingCount: z.number().optional(),
  studentCount: z.number().optional(),
  language: z.string().optional(),
});
export type TSearchHit = z.infer<typeof ZSearchHit>;
/** `correctedSearch`: the phrase actually searched when the typed one was corrected (a typo). */
export const ZSearchResponse = envelope({
  coursesDtos: z.array(ZSearchHit),
  totalData: z.number(),
  correctedSearch: z.string().optional(),
});
export type TSearchResponse = z.infer<typeof ZSearchResponse>;

// ---- tutor writes --------------------------------------------------------------

/** A media reference: the `url` answered by `/images/add` (signed URLs handed out are accepted back). */
const ZMediaRef = ZPlainText().trim().max(2000);

export const ZSeriesInput = z.object({
  id: ZIdInput.optional(),
  title: ZText('Series title', 200),
  videoLink: ZText('Series video', 2000),
  resourceFile: ZMediaRef.nullish(),
  videoFile: ZPlainText().max(300).nullish(),
  /** A free preview lesson that anyone may watch. */
  preview: z.boolean().optional(),
});
export type TSeriesInput = z.infer<typeof ZSeriesInput>;

export const ZSectionInput = z.object({
  id: ZIdInput.optional(),
  title: ZText('Section title', 200),
  seriesList: z.array(ZSeriesInput).default([]),
});
export type TSectionInput = z.infer<typeof ZSectionInput>;

export const ZSectionsInput = z
  .array(ZSectionInput)
  .max(100)
  .superRefine((sections, ctx) => {
    if (sections.length === 0) ctx.addIssue({ code: 'custom', message: NO_SECTIONS_MESSAGE });
    sections.forEach((s, i) => {
      if (s.seriesList.length === 0)
        ctx.addIssue({ code: 'custom', message: sectionWithoutSeriesMessage(i + 1) });
    });
  });

export const ZNairaPrice = numberInput(
  z
    .number()
    .positive({ error: 'Price must be more than ₦0' })
    .max(MAX_NAIRA_PRICE, { error: `Price must be at most ₦${MAX_NAIRA_PRICE.toLocaleString('en-NG')}` })
    .refine((n) => Number.isInteger(Math.round(n * 100)) && Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, {
      error: 'Price can have at most 2 decimal places',
    }),
  'Price must be a number',
);

export const ZCourseInput = z.object({
  title: ZText('Title', 200),
  description: ZText('Description', 10_000, { multiLine: true }),
  nairaPrice: ZNairaPrice,
  courseImageUrl: ZText('Course image', 2000),
  courseVideoUrl: ZMediaRef.nullish(),
  courseGroup: ZText('Course group', 100),
  courseCategory: ZText('Course category', 100),
  /** The language it is taught in: `en` for a new course that names none; an update that names none keeps it. */
  language: ZCourseLanguage.optional(),
  // prefault: a missing list is checked like an empty one (the spec message), not silently accepted.
  sectionDto: ZSectionsInput.prefault([]),
});
export type TCourseInput = z.infer<typeof ZCourseInput>;

/** `/course/update` sends the whole course. */
export const ZCourseUpdateRequest = ZCourseInput.extend({ id: ZIdInput });
export type TCourseUpdateRequest = z.infer<typeof ZCourseUpdateRequest>;
export const ZCourseIdRequest = z.object({ id: ZIdInput });
export type TCourseIdRequest = z.infer<typeof ZCourseIdRequest>;

// ---- admin -------------------------------------------------------------------
/** `/course/all`: every status, or only `status` when given. */
export const ZAllCoursesRequest = ZPageRequest.extend({ status: ZCourseStatus.optional() });
export type TAllCoursesRequest = z.infer<typeof ZAllCoursesRequest>;

export const REJECT_REASON_MIN = 10;
/** Recorded when a client (the spec's) rejects without giving a reason. */
export const NO_REASON_GIVEN = 'No reason given';
export const rejectReasonMessage = `Please give a reason of at least ${REJECT_REASON_MIN} characters.`;

/** `/course/process`: the spec's `{status, id}`, plus the reason our admin dialog sends (required for Rejected). */
export const ZProcessCourseRequest = z
  .object({
    status: ZCourseStatus,
    id: ZIdInput,
    reason: ZPlainText({ multiLine: true })
      .trim()
      .max(STATUS_REASON_MAX, { error: `The reason must be at most ${STATUS_REASON_MAX} characters` })
      .optional(),
  })
  // An empty reason counts as none ('No reason given'); a reason that is given must say something.
  .refine((r) => r.status !== 'Rejected' || !r.reason || r.reason.length >= REJECT_REASON_MIN, {
    error: rejectReasonMessage,
    path: ['reason'],
  });
export type TProcessCourseRequest = z.input<typeof ZProcessCourseRequest>;

/** `POST /course/reviewhistory {id}`: every status change of a course, oldest first (owning tutor and admins). */
export const ZStatusChange = z.object({
  status: ZCourseStatus,
  reason: z.string().nullable(),
  /** The admin who decided; null for the tutor's resubmission (back to Pending). */
  adminName: z.string().nullable(),
  timeCreated: ZTimeCreated,
});
export type TStatusChange = z.infer<typeof ZStatusChange>;
export const ZReviewHistoryResponse = envelope({ history: z.array(ZStatusChange) });
export type TReviewHistoryResponse = z.infer<typeof ZReviewHistoryResponse>;

export const ZStatusCounts = z.object({ Pending: z.number(), Approved: z.number(), Rejected: z.number() });
export type TStatusCounts = z.infer<typeof ZStatusCounts>;

/** `GET /admin/dashboard`: counts by status and the newest courses. */
export const ZAdminDashboardResponse = envelope({
  statusCounts: ZStatusCounts,
  recentCourses: z.array(ZCourseDto),
});
export type TAdminDashboardResponse = z.infer<typeof ZAdminDashboardResponse>;

// ---- student -------------------------------------------------------------------
/** `GET /user/allcourses`: the student's owned courses (with media links) and profile. */
export const ZUserCoursesResponse = envelope({ courses: z.array(ZCourseDto), userDto: ZUserDto });
export type TUserCoursesResponse = z.infer<typeof ZUserCoursesResponse>;
