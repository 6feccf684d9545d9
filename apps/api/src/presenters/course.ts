import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { koboToNaira } from '@app/contract/money';
import type { TCourseDto, TSectionDto, TTimeCreated } from '@app/contract/courses';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import {
  accounts,
  courseCards,
  courseCategories,
  courseGroups,
  courses,
  enrolments,
  media,
  sections,
  series,
} from '../db/schema.ts';
import { mayWatchCourse, mayWatchSeries, type Viewer } from '../policies/course.ts';
import { MEDIA_URL_TTL_SECONDS, mediaPath, signHlsPath } from '../services/storage/signing.ts';
import { latestReasons } from '../queries/course-history.ts';
import { averageOf } from '../queries/reviews.ts';
import { prepared } from '../queries/prepared.ts';

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
  ratingCount: courses.ratingCount,
  ratingSum: courses.ratingSum,
  author: accounts.fullName,
  categoryCode: courseCategories.code,
  groupCode: courseGroups.code,
};

const authorOf = eq(accounts.id, courses.tutorId);
const categoryOf = eq(courseCategories.id, courses.categoryId);
const groupOf = eq(courseGroups.id, courseCategories.groupId);

/** `select <courseRowColumns> from courses join author, category, group`; add where/order/limit. */
export function courseRowsQuery(db: Db) {
  return db
    .select(courseRowColumns)
    .from(courses)
    .innerJoin(accounts, authorOf)
    .innerJoin(courseCategories, categoryOf)
    .innerJoin(courseGroups, groupOf)
    .$dynamic();
}

/** courseRowsQuery with one more column, `total`: a scalar subquery (a page's total, the same on every row). */
export function courseRowsWithTotalQuery(db: Db, total: SQL<number>) {
  return db
    .select({ ...courseRowColumns, total: sql<number>`${total}`.mapWith(Number) })
    .from(courses)
    .innerJoin(accounts, authorOf)
    .innerJoin(courseCategories, categoryOf)
    .innerJoin(courseGroups, groupOf)
    .$dynamic();
}

export type CourseRow = Awaited<ReturnType<ReturnType<typeof courseRowsQuery>['execute']>>[number];

/** No columns beside the card's (the `extra` of cardRowsQuery). */
type NoExtra = Record<never, never>;

/**
 * A course row with its card (queries/course-cards.ts: its stamp, and its JSON and preview links, null until built or
 * after a change) and what a card leaves out because it changes too often to keep: the student count (the rating is
 * on the course row). The columns only a card already holds are read for a course without a card only (null
 * otherwise): a page of built cards reads the courses and their cards by primary key and nothing else. With
 * `total`, a page's total like courseRowsWithTotalQuery.
 */
export function cardRowsQuery<Extra extends Record<string, SQL.Aliased | SQL> = NoExtra>(
  db: Db,
  total: SQL<number> = sql<number>`0`,
  /** More columns beside the card's (queries/card-rows.ts: the category's code). */
  extra?: Extra,
) {
  return db
    .select({ ...cardColumns(total), ...(extra as Extra) })
    .from(courses)
    .leftJoin(courseCards, eq(courseCards.courseId, courses.id))
    .$dynamic();
}

function cardColumns(total: SQL<number>) {
  const noCard = sql`${courseCards.body} is null`;
  /** A column only a course without a card needs (typed as its row column: presentCourses reads it for those). */
  const unlessCard = <T>(value: SQL | AnyPgColumn) => sql<T>`case when ${noCard} then ${value} end`;
  const codeOf = (table: typeof courseCategories | typeof courseGroups, id: SQL | AnyPgColumn) =>
    unlessCard<string>(sql`(select ${table.code} from ${table} where ${table.id} = ${id})`);
  return {
    id: courses.id,
    tutorId: courses.tutorId,
    title: unlessCard<string>(courses.title),
    description: unlessCard<string>(courses.description),
    priceKobo: unlessCard<number>(courses.priceKobo).mapWith(courses.priceKobo),
    imageRef: unlessCard<string>(courses.imageRef),
    videoRef: unlessCard<string | null>(courses.videoRef),
    status: courses.status,
    createdAt: unlessCard<Date>(courses.createdAt).mapWith(courses.createdAt),
    deletedAt: courses.deletedAt,
    ratingCount: courses.ratingCount,
    ratingSum: courses.ratingSum,
    author: unlessCard<string>(sql`(select ${accounts.fullName} from ${accounts} where ${authorOf})`),
    categoryCode: codeOf(courseCategories, courses.categoryId),
    groupCode: codeOf(
      courseGroups,
      sql`(select ${courseCategories.groupId} from ${courseCategories} where ${categoryOf})`,
    ),
    cardStamp: courseCards.stamp,
    cardBody: courseCards.body,
    cardLinks: courseCards.links,
    students: sql<number>`(select count(*)::int from ${enrolments} where ${enrolments.courseId} = ${courses.id})`,
    total: sql<number>`${total}`.mapWith(Number),
  };
}

export type CardRow = Awaited<ReturnType<ReturnType<typeof cardRowsQuery<NoExtra>>['execute']>>[number];

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

/**
 * Each course's enrolment count and sum, read beside its outline (unless `withOutline` is false): one statement,
 * one row per lesson (or per course without sections), for the courses whose ids are the `ids` placeholder.
 */
export function outlineQuery(db: Db, withOutline: boolean) {
  const counted = db
    .select({
      n: sql<number>`count(*)::int`.as('n'),
      kobo: sql<string>`coalesce(sum(${enrolments.pricePaidKobo}), 0)::text`.as('kobo'),
    })
    .from(enrolments)
    .where(eq(enrolments.courseId, courses.id))
    .as('counted');
  return db
    .select({
      courseId: courses.id,
      n: counted.n,
      kobo: counted.kobo,
      sectionId: sections.id,
      sectionTitle: sections.title,
      seriesId: series.id,
      title: series.title,
      videoRef: series.videoRef,
      resourceRef: series.resourceRef,
      videoFile: series.videoFile,
      preview: series.preview,
      videoStatus: media.videoStatus,
      videoError: media.videoError,
      hlsPrefix: media.hlsPrefix,
      durationSeconds: media.durationSeconds,
      posterRef: media.posterRef,
      renditions: media.renditions,
    })
    .from(courses)
    .leftJoinLateral(counted, sql`true`)
    .leftJoin(sections, withOutline ? eq(sections.courseId, courses.id) : sql`false`)
    .leftJoin(series, eq(series.sectionId, sections.id))
    .leftJoin(media, eq(media.key, series.videoRef))
    .where(sql`${courses.id} = any(${sql.placeholder('ids')}::int[])`)
    .orderBy(asc(courses.id), asc(sections.position), asc(sections.id), asc(series.position), asc(series.id))
    .prepare(withOutline ? 'course_outline' : 'course_counts');
}

export type PresentOptions = {
  /** Add buyerCount and totalEarnings (tutor and admin answers). */
  earnings?: boolean;
  /** Leave out sections (list pages that only show cards still get them by default). */
  outline?: boolean;
  /** The caller's viewer when the route already loaded it for these courses (saves the enrolment query). */
  viewer?: Viewer | null;
  /**
   * Leave the media links null and add them here instead, for `signLinks` to fill in later: the answer cache
   * keeps the answer without them and signs them afresh for every request.
   */
  deferLinks?: PendingLink[];
};

/**
 * Turns course rows into the spec's `coursesDto` for one caller, in a fixed number of queries. Media links
 * are signed only when `mayWatchCourse` (a lesson: `mayWatchSeries`) says so; everyone else gets null links.
 */
export async function presentCourses(
  ctx: Pick<AppContext, 'db' | 'storage' | 'config'>,
  rows: CourseRow[],
  account: { id: number; role: Viewer['role'] } | null,
  opts: PresentOptions = {},
): Promise<TCourseDto[]> {
  if (rows.length === 0) return [];
  const { db } = ctx;
  const ids = rows.map((r) => r.id);
  // Each course's enrolment count and sum, read beside its outline: one statement, one row per lesson (or per
  // course without sections).
  const outlineOf = prepared(db, opts.outline === false ? 'course_counts' : 'course_outline', () =>
    outlineQuery(db, opts.outline !== false),
  );
  const [viewer, outline, reasons] = await Promise.all([
    opts.viewer !== undefined ? opts.viewer : loadViewer(db, account, ids),
    outlineOf.execute({ ids }),
    opts.earnings ? latestReasons(db, ids) : Promise.resolve(new Map<number, string | null>()),
  ]);
  const countOf = new Map<number, { n: number; kobo: string }>();
  const sectionsOf = new Map<number, Map<number, { title: string; items: typeof outline }>>();
  for (const o of outline) {
    if (!countOf.has(o.courseId)) countOf.set(o.courseId, { n: o.n ?? 0, kobo: o.kobo ?? '0' });
    if (o.sectionId === null) continue;
    const perCourse = sectionsOf.get(o.courseId) ?? new Map();
    sectionsOf.set(o.courseId, perCourse);
    const s = perCourse.get(o.sectionId) ?? { title: o.sectionTitle!, items: [] };
    perCourse.set(o.sectionId, s);
    if (o.seriesId !== null) s.items.push(o);
  }

  const links: PendingLink[] = [];
  const dtos = rows.map((row, c): TCourseDto => {
    const canWatch = mayWatchCourse(viewer, row);
    /** Records a link to sign for the caller (null when they may not have it). */
    const link = (ref: string | null, at: Omit<PendingLink, 'ref' | 'course'>, allowed = canWatch) => {
      if (allowed && ref) links.push({ ...at, course: c, ref });
      return null;
    };
    // Only the owning tutor and admins learn why a transcode failed.
    const seesErrors = canWatch && viewer?.role !== 'user';
    const sectionDto: TSectionDto[] = [...(sectionsOf.get(row.id)?.entries() ?? [])].map(
      ([id, s], section) => ({
        id,
        title: s.title,
        seriesList: s.items.map((i, lesson) => {
          const watch = mayWatchSeries(viewer, row, { preview: i.preview ?? false });
          const ready = i.videoStatus === 'ready' && i.hlsPrefix;
          const at = { section, lesson };
          return {
            id: i.seriesId!,
            title: i.title!,
            videoLink: link(i.videoRef, { ...at, field: 'videoLink' }, watch),
            resourceFile: link(i.resourceRef, { ...at, field: 'resourceFile' }),
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
      }),
    );
    const n = countOf.get(row.id);
    const dto: TCourseDto = {
      id: row.id,
      title: row.title,
      description: row.description,
      author: row.author,
      nairaPrice: koboToNaira(row.priceKobo),
      courseImageUrl: mediaPath(row.imageRef),
      courseVideoUrl: link(row.videoRef, { field: 'courseVideoUrl' }),
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
    if (opts.earnings) {
      dto.buyerCount = n?.n ?? 0;
      dto.totalEarnings = koboToNaira(Number(n?.kobo ?? 0));
      dto.statusReason = reasons.get(row.id) ?? null;
    }
    return dto;
  });
  if (opts.deferLinks) opts.deferLinks.push(...links);
  else await signLinks(ctx, dtos, links, viewer?.id ?? 0);
  return dtos;
}

/**
 * A media link an answer holds: which course (index in the answer), which lesson (section and lesson index) and
 * field, and the stored file (for `hlsLink`, the ladder's prefix) it points to.
 */
export type PendingLink = {
  course: number;
  section?: number;
  lesson?: number;
  field: 'courseVideoUrl' | 'videoLink' | 'resourceFile' | 'hlsLink';
  ref: string;
};

/**
 * Signs the links of answers made by `presentCourses` for the viewer `viewerId` (0: a guest), valid for
 * `MEDIA_URL_TTL_SECONDS` from now. Signed links expire, so an answer kept in the shared cache is stored without
 * them and gets them here on every request.
 */
export async function signLinks(
  ctx: Pick<AppContext, 'storage' | 'config'>,
  dtos: TCourseDto[],
  links: readonly PendingLink[],
  viewerId: number,
): Promise<void> {
  const exp = Math.floor(Date.now() / 1000) + MEDIA_URL_TTL_SECONDS;
  await Promise.all(
    links.map(async ({ course, section, lesson, field, ref }) => {
      const dto = dtos[course]!;
      if (field === 'courseVideoUrl') {
        dto.courseVideoUrl = await ctx.storage.signedUrl(ref, viewerId, MEDIA_URL_TTL_SECONDS);
        return;
      }
      const target = dto.sectionDto[section!]!.seriesList[lesson!]!;
      target[field] =
        field === 'hlsLink'
          ? signHlsPath(ctx.config.jwtSecret, ref, viewerId, exp)
          : await ctx.storage.signedUrl(ref, viewerId, MEDIA_URL_TTL_SECONDS);
    }),
  );
}

/** Presents courses by id for a caller (for example a student's owned courses in /user/allcourses). */
export async function presentCoursesByIds(
  ctx: Pick<AppContext, 'db' | 'storage' | 'config'>,
  ids: number[],
  account: { id: number; role: Viewer['role'] } | null,
  opts?: PresentOptions,
): Promise<TCourseDto[]> {
  return presentCourses(ctx, await courseRowsByIds(ctx.db, ids), account, opts);
}
