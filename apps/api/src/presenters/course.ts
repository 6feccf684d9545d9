import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { TCourseDto, TSectionDto, TTimeCreated } from '@app/contract/courses';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import {
  accounts,
  courseCategories,
  courseGroups,
  courses,
  enrolments,
  sections,
  series,
} from '../db/schema.ts';
import { mayWatchCourse, type Viewer } from '../policies/course.ts';
import { MEDIA_URL_TTL_SECONDS, mediaPath } from '../services/storage/signing.ts';

/** The columns every course answer is built from: the course, its author's name and its codes. */
export const courseRowColumns = {
  id: courses.id,
  tutorId: courses.tutorId,
  title: courses.title,
  description: courses.description,
  priceKobo: courses.priceKobo,
  imageRef: courses.imageRef,
  videoRef: courses.videoRef,
  status: courses.status,
  createdAt: courses.createdAt,
  deletedAt: courses.deletedAt,
  author: accounts.fullName,
  categoryCode: courseCategories.code,
  groupCode: courseGroups.code,
};

/** `select <courseRowColumns> from courses join author, category, group`; add where/order/limit. */
export function courseRowsQuery(db: Db) {
  return db
    .select(courseRowColumns)
    .from(courses)
    .innerJoin(accounts, eq(accounts.id, courses.tutorId))
    .innerJoin(courseCategories, eq(courseCategories.id, courses.categoryId))
    .innerJoin(courseGroups, eq(courseGroups.id, courseCategories.groupId))
    .$dynamic();
}

export type CourseRow = Awaited<ReturnType<ReturnType<typeof courseRowsQuery>['execute']>>[number];

/** Loads course rows by id (deleted ones included), in the order of `ids`. */
export async function courseRowsByIds(db: Db, ids: number[]): Promise<CourseRow[]> {
  if (ids.length === 0) return [];
  const rows = await courseRowsQuery(db).where(inArray(courses.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is CourseRow => !!r);
}

/** The caller as the course rules see it; `courseIds` limits the enrolment lookup to the courses at hand. */
export async function loadViewer(
  db: Db,
  account: { id: number; role: Viewer['role'] } | null,
  courseIds: number[],
): Promise<Viewer | null> {
  if (!account) return null;
  const enrolled = new Set<number>();
  if (account.role === 'user' && courseIds.length > 0) {
    const rows = await db
      .select({ courseId: enrolments.courseId })
      .from(enrolments)
      .where(and(eq(enrolments.studentId, account.id), inArray(enrolments.courseId, courseIds)));
    for (const r of rows) enrolled.add(r.courseId);
  }
  return { id: account.id, role: account.role, enrolledCourseIds: enrolled };
}

export function timeCreated(d: Date): TTimeCreated {
  return [
    d.getUTCFullYear(),
    d.getUTCMonth() + 1,
    d.getUTCDate(),
    d.getUTCHours(),
    d.getUTCMinutes(),
    d.getUTCSeconds(),
  ];
}

export type PresentOptions = {
  /** Add buyerCount and totalEarnings (tutor and admin answers). */
  earnings?: boolean;
  /** Leave out sections (list pages that only show cards still get them by default). */
  outline?: boolean;
  /** The caller's viewer when the route already loaded it for these courses (saves the enrolment query). */
  viewer?: Viewer | null;
};

/**
 * Turns course rows into the spec's `coursesDto` for one caller, in a fixed number of queries. Media links
 * are signed only when `mayWatchCourse` says so; everyone else gets the outline with null links.
 */
export async function presentCourses(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  rows: CourseRow[],
  account: { id: number; role: Viewer['role'] } | null,
  opts: PresentOptions = {},
): Promise<TCourseDto[]> {
  if (rows.length === 0) return [];
  const { db, storage } = ctx;
  const ids = rows.map((r) => r.id);
  const [viewer, counts, outline] = await Promise.all([
    opts.viewer !== undefined ? opts.viewer : loadViewer(db, account, ids),
    db
      .select({
        courseId: enrolments.courseId,
        n: sql<number>`count(*)::int`,
        kobo: sql<string>`coalesce(sum(${enrolments.pricePaidKobo}), 0)::text`,
      })
      .from(enrolments)
      .where(inArray(enrolments.courseId, ids))
      .groupBy(enrolments.courseId),
    opts.outline === false
      ? Promise.resolve([])
      : db
          .select({
            courseId: sections.courseId,
            sectionId: sections.id,
            sectionTitle: sections.title,
            seriesId: series.id,
            title: series.title,
            videoRef: series.videoRef,
            resourceRef: series.resourceRef,
            videoFile: series.videoFile,
          })
          .from(sections)
          .leftJoin(series, eq(series.sectionId, sections.id))
          .where(inArray(sections.courseId, ids))
          .orderBy(
            asc(sections.courseId),
            asc(sections.position),
            asc(sections.id),
            asc(series.position),
            asc(series.id),
          ),
  ]);
  const countOf = new Map(counts.map((c) => [c.courseId, c]));
  const sectionsOf = new Map<number, Map<number, { title: string; items: typeof outline }>>();
  for (const o of outline) {
    const perCourse = sectionsOf.get(o.courseId) ?? new Map();
    sectionsOf.set(o.courseId, perCourse);
    const s = perCourse.get(o.sectionId) ?? { title: o.sectionTitle, items: [] };
    perCourse.set(o.sectionId, s);
    if (o.seriesId !== null) s.items.push(o);
  }

  return Promise.all(
    rows.map(async (row): Promise<TCourseDto> => {
      const canWatch = mayWatchCourse(viewer, row);
      const link = (ref: string | null) =>
        canWatch && ref && viewer
          ? storage.signedUrl(ref, viewer.id, MEDIA_URL_TTL_SECONDS)
          : Promise.resolve(null);
      const sectionDto: TSectionDto[] = await Promise.all(
        [...(sectionsOf.get(row.id)?.entries() ?? [])].map(async ([id, s]) => ({
          id,
          title: s.title,
          seriesList: await Promise.all(
            s.items.map(async (i) => ({
              id: i.seriesId!,
              title: i.title!,
              videoLink: await link(i.videoRef),
              resourceFile: await link(i.resourceRef),
              videoFile: i.videoFile ?? null,
            })),
          ),
        })),
      );
      const c = countOf.get(row.id);
      const dto: TCourseDto = {
        id: row.id,
        title: row.title,
        description: row.description,
        author: row.author,
        nairaPrice: row.priceKobo / 100,
        courseImageUrl: mediaPath(row.imageRef),
        courseVideoUrl: await link(row.videoRef),
        courseGroup: row.groupCode,
        courseCategory: row.categoryCode,
        status: row.status,
        timeCreated: timeCreated(row.createdAt),
        sectionDto,
        studentCount: c?.n ?? 0,
        owned: viewer?.enrolledCourseIds.has(row.id) ?? false,
        canWatch,
      };
      if (opts.earnings) {
        dto.buyerCount = c?.n ?? 0;
        dto.totalEarnings = Number(c?.kobo ?? 0) / 100;
      }
      return dto;
    }),
  );
}

/** Presents courses by id for a caller (for example a student's owned courses in /user/allcourses). */
export async function presentCoursesByIds(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  ids: number[],
  account: { id: number; role: Viewer['role'] } | null,
  opts?: PresentOptions,
): Promise<TCourseDto[]> {
  return presentCourses(ctx, await courseRowsByIds(ctx.db, ids), account, opts);
}
