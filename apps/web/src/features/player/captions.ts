/**
 * A lesson's captions, read from its HLS master playlist: each `EXT-X-MEDIA:TYPE=SUBTITLES` rendition's playlist,
 * then the WebVTT it names (docs/media.md, "Captions"). The same for a streamed lesson (signed links) and a
 * downloaded one (`/offline/<id>/`, from the service worker's cache). The player shows them as the video's own
 * text tracks, and the transcript lists the same cues.
 */

export type Cue = { start: number; end: number; text: string };
export type CaptionTrack = { language: string; label: string; cues: Cue[] };
export type SubtitleRendition = { language: string; label: string; url: string };

const attr = (line: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(line)?.[1];

/** The subtitle renditions a master playlist lists, their URLs made absolute against the master's. */
export function parseSubtitleRenditions(master: string, masterUrl: string): SubtitleRendition[] {
  return master
    .split(/\r?\n/)
    .filter((l) => l.startsWith('#EXT-X-MEDIA:') && l.includes('TYPE=SUBTITLES'))
    .flatMap((l) => {
      const uri = attr(l, 'URI');
      const language = attr(l, 'LANGUAGE');
      if (!uri || !language) return [];
      return [{ language, label: attr(l, 'NAME') ?? language, url: new URL(uri, masterUrl).href }];
    });
}

/** The first file a subtitle media playlist names (ours name one WebVTT for the whole video). */
export function subtitleFileUrl(playlist: string, playlistUrl: string): string | null {
  const uri = playlist
    .split(/\r?\n/)
    .map((l) => l.trim())
    .find((l) => l && !l.startsWith('#'));
  return uri ? new URL(uri, playlistUrl).href : null;
}

const TIME = /^(?:(\d+):)?(\d{2}):(\d{2})\.(\d{3})$/;
const seconds = (s: string) => {
  const m = TIME.exec(s.trim());
  return m ? Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]) + Number(m[4]) / 1000 : NaN;
};

/** A cue's text without markup (`<i>`, `<v Ada>`) and entities, on one line. */
export const plainText = (text: string) =>
  text
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

/** The cues of a WebVTT file as the server writes it (a header, then blocks of identifier, timing and text). */
export function parseVtt(vtt: string): Cue[] {
  const cues: Cue[] = [];
  for (const block of vtt.replace(/\r\n?/g, '\n').split(/\n{2,}/)) {
    const lines = block.split('\n');
    const at = lines.findIndex((l) => l.includes('-->'));
    if (at < 0) continue;
    const [from, rest = ''] = lines[at]!.split('-->');
    const start = seconds(from!);
    const end = seconds(rest.trim().split(/\s+/)[0] ?? '');
    const text = lines
      .slice(at + 1)
      .join('\n')
      .trim();
    if (Number.isFinite(start) && Number.isFinite(end) && text.trim()) cues.push({ start, end, text });
  }
  return cues;
}

/** Every caption track of the lesson whose master playlist is at `masterUrl`; a track that fails is left out. */
export async function loadCaptionTracks(
  masterUrl: string,
  get: (url: string) => Promise<Response> = (url) => fetch(url),
): Promise<CaptionTrack[]> {
  const absolute = new URL(masterUrl, location.href).href;
  const master = await get(absolute);
  if (!master.ok) return [];
  const renditions = parseSubtitleRenditions(await master.text(), absolute);
  const tracks = await Promise.all(
    renditions.map(async (r): Promise<CaptionTrack | null> => {
      try {
        const playlist = await get(r.url);
        if (!playlist.ok) return null;
        const file = subtitleFileUrl(await playlist.text(), r.url);
        if (!file) return null;
        const vtt = await get(file);
        if (!vtt.ok) return null;
        return { language: r.language, label: r.label, cues: parseVtt(await vtt.text()) };
      } catch {
        return null;
      }
    }),
  );
  return tracks.filter((t): t is CaptionTrack => t !== null);
}
