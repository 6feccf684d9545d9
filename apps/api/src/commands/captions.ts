import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { captions, type CaptionCue } from '../db/schema-captions.ts';

export type CaptionToSave = {
  seriesId: number;
  language: string;
  label: string;
  fileName: string | null;
  format: 'vtt' | 'srt';
  vtt: string;
  cues: CaptionCue[];
};

/**
 * Adds a lesson's captions in one language, or replaces them: one upsert, so the old captions stay whole until
 * the new ones are saved, and a refused file (checked before this runs) never touches them.
 */
export async function saveCaption(db: Db, caption: CaptionToSave) {
  const [row] = await db
    .insert(captions)
    .values(caption)
    .onConflictDoUpdate({
      target: [captions.seriesId, captions.language],
      set: {
        label: caption.label,
        fileName: caption.fileName,
        format: caption.format,
        vtt: caption.vtt,
        cues: caption.cues,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  return row!;
}

/** Removes a lesson's captions in one language; false when there were none. */
export async function deleteCaption(db: Db, seriesId: number, language: string): Promise<boolean> {
  const gone = await db
    .delete(captions)
    .where(and(eq(captions.seriesId, seriesId), eq(captions.language, language)))
    .returning({ id: captions.id });
  return gone.length > 0;
}
