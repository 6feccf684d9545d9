import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { accounts, courseCards, courseCategories, courseGroups, courses, media } from '../db/schema.ts';
import { enrolments } from '../db/schema-money.ts';
import type { CourseRow } from '../presenters/course.ts';
import { saleKoboSql } from './sales.ts';

/**
 * The rows every course answer is built from (presenters/course.ts `CourseRow`): the course, its author's name and
 * its codes; and the same with the course's card (`cardRowsQuery`).
 */

/** The trailer's HLS ladder once ready (null before, or without a trailer). */
const trailerHls = sql<
  string | null
>`(select ${media.hlsPrefix} from ${media} where ${media.key} = ${courses.videoRef} and ${media.videoStatus} = 'ready')`;

/** The promo video's file name as uploaded (null without a trailer or for files uploaded before names were kept). */
const trailerFile = sql<
  string | null
>`(select ${media.originalName} from ${media} where ${media.key} = ${courses.videoRef})`;

/** The columns of a `CourseRow`. */
const courseRowColumns = {
  id: courses.id,
  tutorId: courses.tutorId,
  title: courses.title,
  description: courses.description,
  priceKobo: courses.priceKobo,
  imageRef: courses.imageRef,
  videoRef: courses.videoRef,
  videoHls: trailerHls,
  videoFile: trailerFile,
  saleKobo: saleKoboSql,
  status: courses.status,
  createdAt: courses.createdAt,
  deletedAt: courses.deletedAt,
  ratingCount: courses.ratingCount,
  ratingSum: courses.ratingSum,
  author: accounts.fullName,
  categoryCode: courseCategories.code,
  groupCode: courseGroups.code,
  language: courses.language,
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

/** No columns beside the card's (the `extra` of cardRowsQuery). */
type NoExtra = Record<never, never>;

/**
 * A course row with its card (cache/cards.ts: its stamp, and its JSON and preview links, null until built or
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
  /** A column only a course without a card needs (typed as its row column: courseDtos reads it for those). */
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
    videoHls: unlessCard<string | null>(trailerHls),
    videoFile: unlessCard<string | null>(trailerFile),
    // Read fresh, not kept on the card: a sale starts and ends without writing to the course.
    saleKobo: saleKoboSql,
    status: courses.status,
    createdAt: unlessCard<Date>(courses.createdAt).mapWith(courses.createdAt),
    deletedAt: courses.deletedAt,
    ratingCount: courses.ratingCount,
    ratingSum: courses.ratingSum,
    author: unlessCard<string>(sql`(select ${accounts.fullName} from ${accounts} where ${authorOf})`),
    language: unlessCard<string>(courses.language),
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
