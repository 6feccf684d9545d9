import { z } from 'zod';
import { ZUserDto } from './accounts.ts';
import { envelope, ZId, ZPageRequest } from './common.ts';

export const COURSE_STATUSES = ['Pending', 'Approved', 'Rejected'] as const;
export const ZCourseStatus = z.enum(COURSE_STATUSES, {
  error: `Status must be one of: ${COURSE_STATUSES.join(', ')}`,
});
export type TCourseStatus = z.infer<typeof ZCourseStatus>;

/** The six featured categories (spec §2 /category/{id}). */
export const FEATURED_CATEGORIES = [
  'SoftwareTester',
  'BackendEngineer',
  'DevopsEngineer',
  'ProductOwner',
  'FrontendEngineer',
  'MobileEngineer',
] as const;

export const SEARCH_MIN_LENGTH = 3;
export const MAX_NAIRA_PRICE = 10_000_000;
export const NO_SECTIONS_MESSAGE = 'You must add one section with series to the course';
export const sectionWithoutSeriesMessage = (n: number) => `Section ${n} must contain at least one series`;

// ---- groups and categories -------------------------------------------------
export const ZCodeDto = z.object({ id: ZId, code: z.string(), description: z.string() });
export type TCodeDto = z.infer<typeof ZCodeDto>;
export const ZCourseGroupsResponse = envelope({ courseGroups: z.array(ZCodeDto) });
export const ZCourseCategoriesResponse = envelope({ courseCategories: z.array(ZCodeDto) });

// ---- the course as answered --------------------------------------------------
/** `videoLink` and `resourceFile` are signed URLs for those entitled, null for everyone else. */
export const ZSeriesDto = z.object({
  id: ZId,
  title: z.string(),
  videoLink: z.string().nullable(),
  resourceFile: z.string().nullable(),
  videoFile: z.string().nullable(),
});
export type TSeriesDto = z.infer<typeof ZSeriesDto>;

export const ZSectionDto = z.object({ id: ZId, title: z.string(), seriesList: z.array(ZSeriesDto) });
export type TSectionDto = z.infer<typeof ZSectionDto>;

/** `[year, month, day, hour, minute, second]` in UTC. */
export const ZTimeCreated = z.tuple([z.number(), z.number(), z.number(), z.number(), z.number(), z.number()]);
export type TTimeCreated = z.infer<typeof ZTimeCreated>;

export const ZCourseDto = z.object({
  id: ZId,
  title: z.string(),
  description: z.string(),
  author: z.string(),
  nairaPrice: z.number(),
  courseImageUrl: z.string(),
  /** Promo video: a signed URL for those entitled, null otherwise. */
  courseVideoUrl: z.string().nullable(),
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
  /** Tutor and admin answers only: buyers and naira earned from this course. */
  buyerCount: z.number().optional(),
  totalEarnings: z.number().optional(),
});
export type TCourseDto = z.infer<typeof ZCourseDto>;

export const ZCoursesPageResponse = envelope({ coursesDtos: z.array(ZCourseDto), totalData: z.number() });
export type TCoursesPageResponse = z.infer<typeof ZCoursesPageResponse>;
export const ZCourseResponse = envelope({ coursesDto: ZCourseDto });
export type TCourseResponse = z.infer<typeof ZCourseResponse>;

// ---- public reads --------------------------------------------------------------
export const ZStudentCoursesRequest = ZPageRequest.extend({ category: z.string().max(100).optional() });
export type TStudentCoursesRequest = z.infer<typeof ZStudentCoursesRequest>;
export const ZSingleCourseRequest = z.object({ courseId: z.coerce.number().int().positive() });
export const ZGroupParams = z.object({ group: z.string().trim().min(1).max(100) });
export const ZCourseIdParams = z.object({
  id: z.coerce.number().int().positive({ error: 'Unknown course id' }),
});

export const ZSearchRequest = ZPageRequest.extend({
  search: z.string({ error: 'search is required' }).trim().min(1, { error: 'search is required' }).max(100),
});
export type TSearchRequest = z.infer<typeof ZSearchRequest>;
export const ZSearchHit = z.object({ id: ZId, title: z.string(), author: z.string() });
export type TSearchHit = z.infer<typeof ZSearchHit>;
export const ZSearchResponse = envelope({ coursesDtos: z.array(ZSearchHit), totalData: z.number() });
export type TSearchResponse = z.infer<typeof ZSearchResponse>;

// ---- tutor writes --------------------------------------------------------------
const text = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, { error: `${field} is required` })
    .max(max, { error: `${field} must be at most ${max} characters` });

/** A media reference: the `url` answered by `/images/add` (signed URLs handed out are accepted back). */
const ZMediaRef = z.string().trim().max(2000);

export const ZSeriesInput = z.object({
  id: ZId.optional(),
  title: text('Series title', 200),
  videoLink: text('Series video', 2000),
  resourceFile: ZMediaRef.nullish(),
  videoFile: z.string().max(300).nullish(),
});
export type TSeriesInput = z.infer<typeof ZSeriesInput>;

export const ZSectionInput = z.object({
  id: ZId.optional(),
  title: text('Section title', 200),
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

export const ZNairaPrice = z
  .number({ error: 'Price must be a number' })
  .positive({ error: 'Price must be more than ₦0' })
  .max(MAX_NAIRA_PRICE, { error: `Price must be at most ₦${MAX_NAIRA_PRICE.toLocaleString('en-NG')}` })
  .refine((n) => Number.isInteger(Math.round(n * 100)) && Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, {
    error: 'Price can have at most 2 decimal places',
  });

export const ZCourseInput = z.object({
  title: text('Title', 200),
  description: text('Description', 10_000),
  nairaPrice: ZNairaPrice,
  courseImageUrl: text('Course image', 2000),
  courseVideoUrl: ZMediaRef.nullish(),
  courseGroup: text('Course group', 100),
  courseCategory: text('Course category', 100),
  // prefault: a missing list is checked like an empty one (the spec message), not silently accepted.
  sectionDto: ZSectionsInput.prefault([]),
});
export type TCourseInput = z.infer<typeof ZCourseInput>;

/** `/course/update` sends the whole course. */
export const ZCourseUpdateRequest = ZCourseInput.extend({ id: ZId });
export type TCourseUpdateRequest = z.infer<typeof ZCourseUpdateRequest>;
export const ZCourseIdRequest = z.object({ id: ZId });
export type TCourseIdRequest = z.infer<typeof ZCourseIdRequest>;

// ---- admin -------------------------------------------------------------------
/** `/course/all`: every status, or only `status` when given. */
export const ZAllCoursesRequest = ZPageRequest.extend({ status: ZCourseStatus.optional() });
export type TAllCoursesRequest = z.infer<typeof ZAllCoursesRequest>;

export const ZProcessCourseRequest = z.object({ status: ZCourseStatus, id: ZId });
export type TProcessCourseRequest = z.infer<typeof ZProcessCourseRequest>;

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
