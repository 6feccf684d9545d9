import type { TCourseDto, TCourseStatus, TSectionDto } from '@app/contract/courses';
import { koboToNaira } from '@app/contract/money';
import type { media } from '../db/schema.ts';
import { mayWatchCourse, mayWatchSeries, mayWatchTrailer, type Viewer } from '../policies/course.ts';
import { mediaPath } from '../services/storage/signing.ts';
import { quizSummaries, type OutlineQuiz, type QuizStanding } from './quizzes.ts';
import { averageOf } from './review.ts';
import { timeCreated } from './time.ts';

/** A course as its answers show it: the course, its author's name and its codes (queries/course-rows.ts). */
export type CourseRow = {
  id: number;
  tutorId: number;
  title: string;
  description: string;
  priceKobo: number;
  imageRef: string;
  videoRef: string | null;
  /** The trailer's HLS ladder prefix once its transcode is ready. */
  videoHls: string | null;
  /** The trailer's file name as uploaded. */
  videoFile: string | null;
  /** The price in a live site-wide sale (kobo), null outside any (queries/sales.ts). */
  saleKobo: string | number | null;
  status: TCourseStatus;
  createdAt: Date;
  deletedAt: Date | null;
  ratingCount: number;
  ratingSum: number;
  author: string;
  categoryCode: string;
  groupCode: string;
  /** The language it is taught in (a BCP-47 tag). */
  language: string;
};

type Media = typeof media.$inferSelect;

/**
 * One row of a course's outline with its enrolment count and sum (queries/course-outline.ts): one per lesson, or
 * one with null lesson columns for a course without sections (or when the outline is left out).
 */
export type OutlineRow = {
  courseId: number;
  n: number | null;
  sectionId: number | null;
  sectionTitle: string | null;
  seriesId: number | null;
  title: string | null;
  videoRef: string | null;
  resourceRef: string | null;
  videoFile: string | null;
  preview: boolean | null;
  videoStatus: Media['videoStatus'] | null;
  videoError: string | null;
  hlsPrefix: string | null;
  durationSeconds: number | null;
  posterRef: string | null;
  renditions: Media['renditions'] | null;
  /** The section's quizzes (the same on each of its rows). */
  quizzes: OutlineQuiz[] | null;
};

/** What course answers are built from beside the rows: the caller, the outlines and, for earnings, the reasons. */
export type CourseExtras = {
  viewer: Viewer | null;
  outline: OutlineRow[];
  /** The reason of each course's latest status change (tutor and admin answers). */
  reasons: Map<number, string | null>;
  /** Each course's tutor net in kobo after the platform fee and refunds (tutor and admin answers). */
  earnedKobo?: ReadonlyMap<number, number>;
  /** A student viewer's standing on the quizzes they attempted, by quiz id. */
  quizStanding?: ReadonlyMap<number, QuizStanding>;
};

/**
 * Turns course rows, with what was read beside them (`CourseExtras`), into the spec's `coursesDto` for one caller,
 * and the media links those answers may hold, still to sign. A link is recorded only when `mayWatchCourse` (a
 * lesson: `mayWatchSeries`) says so; everyone else gets null links.
 */
export function courseDtos(
  rows: CourseRow[],
  { viewer, outline, reasons, earnedKobo = new Map(), quizStanding = new Map() }: CourseExtras,
  earnings = false,
): { dtos: TCourseDto[]; links: PendingLink[] } {
  const countOf = new Map<number, { n: number }>();
  const sectionsOf = new Map<
    number,
    Map<number, { title: string; quizzes: OutlineQuiz[] | null; items: OutlineRow[] }>
  >();
  for (const o of outline) {
    if (!countOf.has(o.courseId)) countOf.set(o.courseId, { n: o.n ?? 0 });
    if (o.sectionId === null) continue;
    const perCourse = sectionsOf.get(o.courseId) ?? new Map();
    sectionsOf.set(o.courseId, perCourse);
    const s = perCourse.get(o.sectionId) ?? { title: o.sectionTitle!, quizzes: o.quizzes, items: [] };
    perCourse.set(o.sectionId, s);
    if (o.seriesId !== null) s.items.push(o);
  }

  const links: PendingLink[] = [];
  const dtos = rows.map((row, c): TCourseDto => {
    const canWatch = mayWatchCourse(viewer, row);
    const trailer = mayWatchTrailer(viewer, row);
    /** Records a link to sign for the caller (null when they may not have it). */
    const link = (ref: string | null, at: Omit<PendingLink, 'ref' | 'course'>, allowed = canWatch) => {
      if (allowed && ref) links.push({ ...at, course: c, ref });
      return null;
    };
    // Only the owning tutor and admins learn why a transcode failed.
    const seesErrors = canWatch && viewer?.role !== 'user';
    const sectionDto: TSectionDto[] = [...(sectionsOf.get(row.id)?.entries() ?? [])].map(
      ([id, s], section) => {
        // A cohort member's section not released yet: listed with its opening date, without links.
        const release = viewer?.sectionStates?.get(id);
        const locked = release !== undefined && !release.open;
        return {
          id,
          title: s.title,
          ...(release ? { locked, opensAt: locked ? (release.opensAt?.toISOString() ?? null) : null } : {}),
          seriesList: s.items.map((i, lesson) => {
            const watch = !locked && mayWatchSeries(viewer, row, { preview: i.preview ?? false });
            const ready = i.videoStatus === 'ready' && i.hlsPrefix;
            const at = { section, lesson };
            return {
              id: i.seriesId!,
              title: i.title!,
              videoLink: link(i.videoRef, { ...at, field: 'videoLink' }, watch),
              resourceFile: link(i.resourceRef, { ...at, field: 'resourceFile' }, !locked && canWatch),
              videoFile: i.videoFile ?? null,
              preview: i.preview ?? false,
              videoStatus: i.videoStatus ?? 'none',
              videoError: seesErrors ? (i.videoError ?? null) : null,
              hlsLink: link(ready ? i.hlsPrefix : null, { ...at, field: 'hlsLink' }, watch),
              durationSeconds: i.durationSeconds ?? null,
              posterUrl: i.posterRef ? mediaPath(i.posterRef) : null,
              renditions: i.renditions ?? [],
            };
          }),
          quizzes: quizSummaries(s.quizzes, quizStanding),
        };
      },
    );
    const n = countOf.get(row.id);
    const dto: TCourseDto = {
      id: row.id,
      title: row.title,
      description: row.description,
      author: row.author,
      language: row.language,
      nairaPrice: koboToNaira(row.priceKobo),
      salePrice: salePriceOf(row.saleKobo),
      courseImageUrl: mediaPath(row.imageRef),
      courseVideoUrl: link(row.videoRef, { field: 'courseVideoUrl' }, trailer),
      courseVideoHlsLink: link(row.videoHls, { field: 'courseVideoHlsLink' }, trailer),
      courseVideoFile: seesErrors ? (row.videoFile ?? null) : null,
      courseGroup: row.groupCode,
      courseCategory: row.categoryCode,
      status: row.status,
      timeCreated: timeCreated(row.createdAt),
      sectionDto,
      studentCount: n?.n ?? 0,
      owned: viewer?.enrolledCourseIds.has(row.id) ?? false,
      canWatch,
      averageRating: averageOf(row.ratingSum, row.ratingCount),
      ratingCount: row.ratingCount,
    };
    if (earnings) {
      dto.buyerCount = n?.n ?? 0;
      dto.totalEarnings = koboToNaira(earnedKobo.get(row.id) ?? 0);
      dto.statusReason = reasons.get(row.id) ?? null;
    }
    return dto;
  });
  return { dtos, links };
}

/** The naira sale price of a row's `saleKobo`, or null. */
export const salePriceOf = (kobo: string | number | null | undefined): number | null =>
  kobo === null || kobo === undefined ? null : koboToNaira(Number(kobo));

/**
 * A media link an answer holds: which course (index in the answer), which lesson (section and lesson index) and
 * field, and the stored file (for `hlsLink`, the ladder's prefix) it points to.
 */
export type PendingLink = {
  course: number;
  section?: number;
  lesson?: number;
  field: 'courseVideoUrl' | 'courseVideoHlsLink' | 'videoLink' | 'resourceFile' | 'hlsLink';
  ref: string;
};
