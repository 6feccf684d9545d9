import type { TCaptionDto, TTranscriptHit } from '@app/contract/captions';

type CaptionCue = { start: number; end: number; text: string };

type CaptionRow = {
  seriesId: number;
  language: string;
  label: string;
  format: 'vtt' | 'srt';
  fileName: string | null;
  cues: CaptionCue[];
  updatedAt: Date;
};

export const captionDto = (row: CaptionRow): TCaptionDto => ({
  seriesId: row.seriesId,
  language: row.language,
  label: row.label,
  format: row.format,
  fileName: row.fileName,
  cueCount: row.cues.length,
  updatedAt: row.updatedAt.toISOString(),
});

/** Lower case without accents or tone marks: `Ẹ kú àárọ̀` finds `e ku aaro`. */
export const foldText = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();

/** The hits shown at most; `total` counts them all. */
export const TRANSCRIPT_HITS_SHOWN = 50;

/**
 * The cues of a course's captions (rows in course order) that hold every word of `query`, accents and case
 * aside.
 */
export function transcriptHits(
  rows: (CaptionRow & { lessonTitle: string })[],
  query: string,
): { hits: TTranscriptHit[]; total: number } {
  const words = foldText(query).split(/\s+/).filter(Boolean);
  const hits: TTranscriptHit[] = [];
  let total = 0;
  for (const row of rows) {
    for (const cue of row.cues) {
      const text = foldText(cue.text);
      if (!words.every((w) => text.includes(w))) continue;
      total++;
      if (hits.length < TRANSCRIPT_HITS_SHOWN)
        hits.push({
          seriesId: row.seriesId,
          lessonTitle: row.lessonTitle,
          language: row.language,
          label: row.label,
          start: cue.start,
          text: cue.text,
        });
    }
  }
  return { hits, total };
}
