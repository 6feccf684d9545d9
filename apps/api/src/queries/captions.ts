import { and, asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { captions } from '../db/schema-captions.ts';
import { media, sections, series } from '../db/schema.ts';

/** A lesson of a course with its video's duration and ladder (null when the lesson is not the course's). */
export async function lessonOfCourse(db: Db | Tx, courseId: number, seriesId: number) {
  const [row] = await db
    .select({
      seriesId: series.id,
      title: series.title,
      preview: series.preview,
      durationSeconds: media.durationSeconds,
      hlsPrefix: media.hlsPrefix,
    })
    .from(series)
    .innerJoin(sections, eq(sections.id, series.sectionId))
    .leftJoin(media, eq(media.key, series.videoRef))
    .where(and(eq(series.id, seriesId), eq(sections.courseId, courseId)))
    .limit(1);
  return row ?? null;
}

const listed = {
  seriesId: captions.seriesId,
  language: captions.language,
  label: captions.label,
  format: captions.format,
  fileName: captions.fileName,
  cues: captions.cues,
  updatedAt: captions.updatedAt,
};

/** Every caption of a course's lessons, in course order then by language (the edit screen's list), with its section. */
export async function courseCaptions(db: Db | Tx, courseId: number) {
  return db
    .select({ ...listed, lessonTitle: series.title, sectionId: series.sectionId })
    .from(captions)
    .innerJoin(series, eq(series.id, captions.seriesId))
    .innerJoin(sections, eq(sections.id, series.sectionId))
    .where(eq(sections.courseId, courseId))
    .orderBy(asc(sections.position), asc(series.position), asc(captions.language));
}

/**
 * The captions (language and label) of lesson `seriesId`, when that lesson's video is the ladder `hls/<ladder>`:
 * what the ladder's master playlist lists as subtitle renditions for that lesson. Empty for a lesson of another
 * video, so a ladder's signed link never reaches another video's captions.
 */
export async function ladderCaptions(db: Db, ladder: string, seriesId: number) {
  return db
    .select({ language: captions.language, label: captions.label })
    .from(captions)
    .innerJoin(series, eq(series.id, captions.seriesId))
    .innerJoin(media, eq(media.key, series.videoRef))
    .where(and(eq(captions.seriesId, seriesId), eq(media.hlsPrefix, `hls/${ladder}`)))
    .orderBy(asc(captions.language));
}

/** A lesson's WebVTT in one language, under the same condition as `ladderCaptions`; with the video's duration. */
export async function ladderCaptionVtt(db: Db, ladder: string, seriesId: number, language: string) {
  const [row] = await db
    .select({ vtt: captions.vtt, durationSeconds: media.durationSeconds })
    .from(captions)
    .innerJoin(series, eq(series.id, captions.seriesId))
    .innerJoin(media, eq(media.key, series.videoRef))
    .where(
      and(
        eq(captions.seriesId, seriesId),
        eq(captions.language, language),
        eq(media.hlsPrefix, `hls/${ladder}`),
      ),
    )
    .limit(1);
  return row ?? null;
}
