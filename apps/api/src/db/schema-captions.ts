import { jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { requiredRef, serialId, updatedAt } from './columns.ts';
import { series } from './schema.ts';

// Captions: a lesson's subtitles per language (docs/media.md, "Captions").

/** One cue of a caption, as the transcript panel and the course's transcript search read it. */
export type CaptionCue = { start: number; end: number; text: string };

/**
 * A lesson's captions in one language: the WebVTT served as the ladder's subtitle rendition (an SRT upload is kept
 * converted), and its cues as plain text for the transcript and its search. One row per lesson and language, so a
 * replacement is one upsert: the old captions stay whole until the new ones are saved.
 */
export const captions = pgTable(
  'captions',
  {
    id: serialId(),
    seriesId: requiredRef('series_id', () => series.id, { onDelete: 'cascade' }),
    /** A BCP-47 language tag as the tutor gave it, lower-cased (`en`, `pcm`, `yo`, `pt-br`). */
    language: text('language').notNull(),
    /** What the CC menu shows (`English`, `Naijá`). */
    label: text('label').notNull(),
    vtt: text('vtt').notNull(),
    cues: jsonb('cues').$type<CaptionCue[]>().notNull(),
    /** The uploaded file's name and format. */
    fileName: text('file_name'),
    format: text('format', { enum: ['vtt', 'srt'] }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('captions_series_language_idx').on(t.seriesId, t.language)],
);
