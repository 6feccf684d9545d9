import { nairaToKobo } from '@app/contract/money';
import type { TCourseInput } from '@app/contract/courses';
import type { AppContext } from '../context.ts';
import type { Db, Tx } from '../db/client.ts';
import { courses, sections, series } from '../db/schema.ts';
import { badRequest } from '../errors.ts';
import { searchTextOf } from './refresh-search-text.ts';
import { resolveMediaRefs, type MediaRef } from '../queries/resolve-media.ts';
import { categoryWithGroup } from '../queries/taxonomy.ts';

export type Author = { id: number; role: 'user' | 'tutor' | 'admin'; fullName: string };

/** A course input checked against the database: its category id and the storage keys of its media. */
export type PreparedCourse = {
  values: {
    title: string;
    description: string;
    priceKobo: number;
    imageRef: string;
    videoRef: string | null;
    categoryId: number;
    searchText: string;
    /** Left out when the input names none: `en` for a new course, unchanged on an update. */
    language?: string;
  };
  outline: {
    /** The section's id when the input names it (an edit keeps it: its quizzes and lessons stay attached). */
    id?: number;
    title: string;
    series: {
      id?: number;
      title: string;
      videoRef: string;
      resourceRef: string | null;
      videoFile: string | null;
      preview: boolean;
    }[];
  }[];
};

/** Finds a category by code and checks that it belongs to the group given. */
async function categoryIn(db: Db, groupCode: string, categoryCode: string): Promise<number> {
  const row = await categoryWithGroup(db, categoryCode);
  if (!row) return badRequest(`Unknown course category "${categoryCode}".`);
  if (row.group !== groupCode)
    return badRequest(`Course category "${categoryCode}" does not belong to course group "${groupCode}".`);
  return row.id;
}

/** Validates a course input against the database (category, media ownership) without writing anything. */
export async function prepareCourse(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  author: Author,
  input: TCourseInput,
): Promise<PreparedCourse> {
  const categoryId = await categoryIn(ctx.db, input.courseGroup, input.courseCategory);
  const refs: MediaRef[] = [{ value: input.courseImageUrl, kind: 'image', label: 'Course image' }];
  if (input.courseVideoUrl) refs.push({ value: input.courseVideoUrl, kind: 'video', label: 'Course video' });
  input.sectionDto.forEach((s, si) =>
    s.seriesList.forEach((x, xi) => {
      const label = `Section ${si + 1} series ${xi + 1}`;
      refs.push({ value: x.videoLink, kind: 'video', label: `${label} video` });
      if (x.resourceFile)
        refs.push({ value: x.resourceFile, kind: 'resource', label: `${label} resource file` });
    }),
  );
  const keys = await resolveMediaRefs(ctx.db, ctx.storage, author, refs);
  let k = 0;
  const imageRef = keys[k++]!;
  const videoRef = input.courseVideoUrl ? keys[k++]! : null;
  const outline = input.sectionDto.map((s) => ({
    id: s.id,
    title: s.title,
    series: s.seriesList.map((x) => ({
      id: x.id,
      title: x.title,
      videoRef: keys[k++]!,
      resourceRef: x.resourceFile ? keys[k++]! : null,
      videoFile: x.videoFile?.trim() || null,
      preview: x.preview ?? false,
    })),
  }));
  return {
    values: {
      title: input.title,
      description: input.description,
      priceKobo: nairaToKobo(input.nairaPrice),
      imageRef,
      videoRef,
      categoryId,
      searchText: searchTextOf(input.title, author.fullName),
      ...(input.language !== undefined ? { language: input.language } : {}),
    },
    outline,
  };
}

/** Writes the sections and series of a course (positions 1..n in the order given). */
export async function writeOutline(
  tx: Tx,
  courseId: number,
  outline: PreparedCourse['outline'],
): Promise<void> {
  if (outline.length === 0) return;
  const inserted = await tx
    .insert(sections)
    .values(outline.map((s, i) => ({ courseId, position: i + 1, title: s.title })))
    .returning({ id: sections.id, position: sections.position });
  const idAt = new Map(inserted.map((r) => [r.position, r.id]));
  const rows = outline.flatMap((s, i) =>
    s.series.map(({ id: _id, ...x }, j) => ({ sectionId: idAt.get(i + 1)!, position: j + 1, ...x })),
  );
  if (rows.length) await tx.insert(series).values(rows);
}

/** Creates a tutor's course as Pending, with its sections and series, in one transaction. Returns its id. */
export async function createCourse(
  ctx: Pick<AppContext, 'db' | 'storage' | 'cache'>,
  author: Author,
  input: TCourseInput,
): Promise<number> {
  const prepared = await prepareCourse(ctx, author, input);
  const id = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(courses)
      .values({ ...prepared.values, tutorId: author.id, status: 'Pending' })
      .returning({ id: courses.id });
    await writeOutline(tx, row!.id, prepared.outline);
    return row!.id;
  });
  // Pending: no public answer shows it yet (approval invalidates the lists); only its own id's entries could.
  await ctx.cache.invalidateCourse(id);
  return id;
}
