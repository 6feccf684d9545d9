/**
 * Caption files: reading an uploaded `.vtt` or `.srt` (UTF-8, with or without a BOM), checking it, and writing it
 * out as one normalised WebVTT with its cues as plain text. Every refusal names the line it is about, counted from 1
 * as a text editor counts them. Pure: no database, no storage.
 */

export type CaptionFormat = 'vtt' | 'srt';
export type PlainCue = { start: number; end: number; text: string };
export type ReadCaptions = { format: CaptionFormat; vtt: string; cues: PlainCue[] };

/** A caption file refused: `line` (from 1) is where the problem is; `message` already names it. */
export class CaptionFileError extends Error {
  constructor(
    readonly line: number,
    detail: string,
  ) {
    super(`Line ${line}: ${detail}`);
  }
}

/** How far past the video's end a cue may run (a probe's duration and a subtitler's clock rarely agree to the ms). */
export const CUE_END_SLACK_SECONDS = 1;

const NOT_UTF8 = 'the file is not UTF-8 text. Save it with the encoding "UTF-8" and upload it again.';

/**
 * The file's text: strict UTF-8 (a leading BOM is dropped). Refuses UTF-16 (by its BOM or its zero bytes) and any
 * byte sequence that is not UTF-8, naming the first line that holds one.
 */
export function decodeCaptionBytes(bytes: Uint8Array): string {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))
    throw new CaptionFileError(
      1,
      'the file is UTF-16 text. Save it with the encoding "UTF-8" and upload it again.',
    );
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    throw new CaptionFileError(firstBadLine(bytes), NOT_UTF8);
  }
  if (text.includes('\u0000')) {
    const line = text.slice(0, text.indexOf('\u0000')).split('\n').length;
    throw new CaptionFileError(line, NOT_UTF8);
  }
  return text;
}

/** The first line (from 1) whose bytes are not UTF-8. */
function firstBadLine(bytes: Uint8Array): number {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let line = 1;
  let from = 0;
  for (let i = 0; i <= bytes.length; i++) {
    if (i < bytes.length && bytes[i] !== 0x0a) continue;
    try {
      decoder.decode(bytes.subarray(from, i));
    } catch {
      return line;
    }
    line++;
    from = i + 1;
  }
  return line - 1;
}

// Hours optional; a comma or a period before 1 to 3 digits of fractions (SRT writes a comma, WebVTT a period).
const TIME = String.raw`(?:(\d{1,3}):)?(\d{1,2}):(\d{1,2})(?:[,.](\d{1,3}))?`;
const TIMING = new RegExp(String.raw`^\s*${TIME}\s*-->\s*${TIME}(?:\s+(.*?))?\s*$`);
const INDEX = /^\s*\d+\s*$/;

const fmt = (seconds: number) => {
  const ms = Math.round(seconds * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor(ms / 60_000) % 60;
  const s = Math.floor(ms / 1000) % 60;
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
};

/** A time as the refusals write it: 1:02:03.500 or 02:03.500. */
export const formatCueTime = (seconds: number) => fmt(seconds).replace(/^00:/, '');

function toSeconds(
  h: string | undefined,
  m: string,
  s: string,
  frac: string | undefined,
  line: number,
  raw: string,
) {
  const minutes = Number(m);
  const secs = Number(s);
  if (minutes > 59 || secs > 59)
    throw new CaptionFileError(line, `"${raw.trim()}" is not a valid time: minutes and seconds go up to 59.`);
  const fraction = frac ? Number(frac.padEnd(3, '0')) / 1000 : 0;
  return Number(h ?? 0) * 3600 + minutes * 60 + secs + fraction;
}

/** A line that announces a cue's times, read; null when the line holds no `-->`. */
function readTiming(text: string, line: number): { start: number; end: number; settings: string } | null {
  if (!text.includes('-->')) return null;
  const m = TIMING.exec(text);
  if (!m)
    throw new CaptionFileError(
      line,
      `"${text.trim().slice(0, 80)}" is not a cue timing. Write it like 00:00:01,000 --> 00:00:04,000.`,
    );
  const [, h1, m1, s1, f1, h2, m2, s2, f2, settings] = m;
  const start = toSeconds(h1, m1!, s1!, f1, line, text.split('-->')[0]!);
  const end = toSeconds(h2, m2!, s2!, f2, line, text.split('-->')[1]!);
  if (end <= start)
    throw new CaptionFileError(
      line,
      `the cue ends (${formatCueTime(end)}) before it starts (${formatCueTime(start)}).`,
    );
  return { start, end, settings: cueSettings(settings ?? '') };
}

/** WebVTT cue settings kept from a timing line (`align:start line:90%`); SRT's `X1:... Y1:...` boxes are dropped. */
function cueSettings(raw: string): string {
  return raw
    .split(/\s+/)
    .filter((s) => /^(vertical|line|position|size|align|region):\S+$/.test(s))
    .join(' ');
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  nbsp: ' ',
  lrm: '',
  rlm: '',
  quot: '"',
  apos: "'",
};

/** A cue's text without markup, on one line: what the transcript shows and its search reads. */
export function plainCueText(text: string): string {
  return text
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|nbsp|lrm|rlm|quot|apos);/g, (_m, name: string) => ENTITIES[name]!)
    .replace(/\s+/g, ' ')
    .trim();
}

const SRT_TAG = /^<\/?(i|b|u)>$/i;

/**
 * An SRT cue's text as WebVTT: `<i>`, `<b>`, `<u>` kept, other tags (`<font color>`) and ASS overrides (`{\an8}`)
 * dropped, a stray `<`, `>` or `&` escaped.
 */
function srtTextToVtt(text: string): string {
  return text.replace(/\{\\[^}]*\}/g, '').replace(/<[^<>]*>|[<>]|&(?!(?:amp|lt|gt|nbsp|lrm|rlm);)/g, (m) => {
    if (m.length > 1 && m.startsWith('<')) return SRT_TAG.test(m) ? m.toLowerCase() : '';
    return m === '<' ? '&lt;' : m === '>' ? '&gt;' : '&amp;';
  });
}

type Cue = { start: number; end: number; settings: string; lines: string[]; line: number };

/**
 * Reads a caption file's text (from `decodeCaptionBytes`): WebVTT when it starts with `WEBVTT`, else SRT (a
 * `.vtt` name without that header is refused). Lenient with what real files do (CRLF or CR line ends, a comma or
 * period before the milliseconds, hours left out, cue numbers or none, no blank line between cues, trailing
 * spaces, SRT styling tags); refuses what cannot be read, a cue that ends before it starts, and, when
 * `durationSeconds` is known, a cue that starts after the video ends or ends more than a second after it.
 */
export function readCaptions(
  raw: string,
  opts: { fileName?: string | null; durationSeconds?: number | null } = {},
): ReadCaptions {
  const text = raw.replace(/^\uFEFF/, '');
  const lines = text.split(/\r\n|\r|\n/).map((l) => l.replace(/[ \t\u00a0]+$/, ''));
  const isVtt = /^WEBVTT(?:[ \t].*)?$/.test(lines[0] ?? '');
  if (!isVtt && /\.vtt$/i.test(opts.fileName ?? ''))
    throw new CaptionFileError(1, 'a WebVTT file must start with the line WEBVTT.');
  const format: CaptionFormat = isVtt ? 'vtt' : 'srt';

  const cues: Cue[] = [];
  let i = isVtt ? 1 : 0;
  if (isVtt) {
    // The header runs to the first blank line (or straight into a cue when a file leaves the blank line out).
    while (i < lines.length && lines[i] !== '' && !lines[i]!.includes('-->')) i++;
  }
  const timingAt = (k: number) => (k < lines.length ? readTiming(lines[k]!, k + 1) : null);
  while (i < lines.length) {
    const line = lines[i]!;
    if (line.trim() === '') {
      i++;
      continue;
    }
    if (isVtt && /^(NOTE|STYLE|REGION)(?:[ \t]|$)/.test(line)) {
      while (i < lines.length && lines[i]!.trim() !== '') i++;
      continue;
    }
    let timing = readTiming(line, i + 1);
    let timingLine = i;
    if (!timing) {
      // A cue number (SRT) or identifier (WebVTT) stands on the line before the timing.
      if ((isVtt || INDEX.test(line)) && i + 1 < lines.length) {
        timing = timingAt(i + 1);
        timingLine = i + 1;
      }
      if (!timing && INDEX.test(line) && i + 1 < lines.length && lines[i + 1]!.trim() !== '')
        throw new CaptionFileError(
          i + 2,
          `expected the timing of cue ${line.trim()}, like 00:00:01,000 --> 00:00:04,000, found "${lines[i + 1]!.trim().slice(0, 80)}".`,
        );
      if (!timing)
        throw new CaptionFileError(
          i + 1,
          `expected a cue number or a timing like 00:00:01,000 --> 00:00:04,000, found "${line.trim().slice(0, 80)}".`,
        );
    }
    const cue: Cue = { ...timing, lines: [], line: timingLine + 1 };
    i = timingLine + 1;
    // The text runs to a blank line, or to the next cue when a file leaves the blank line out.
    while (i < lines.length && lines[i]!.trim() !== '') {
      if (lines[i]!.includes('-->') && timingAt(i)) break;
      if (INDEX.test(lines[i]!) && i + 1 < lines.length && lines[i + 1]!.includes('-->') && timingAt(i + 1))
        break;
      cue.lines.push(lines[i]!);
      i++;
    }
    cues.push(cue);
  }

  const duration = opts.durationSeconds ?? null;
  const kept: { start: number; end: number; settings: string; text: string }[] = [];
  for (const cue of cues) {
    if (duration !== null && duration > 0) {
      if (cue.start >= duration)
        throw new CaptionFileError(
          cue.line,
          `this cue starts at ${formatCueTime(cue.start)}, after the video ends (${formatCueTime(duration)}).`,
        );
      if (cue.end > duration + CUE_END_SLACK_SECONDS)
        throw new CaptionFileError(
          cue.line,
          `this cue ends at ${formatCueTime(cue.end)}, after the video ends (${formatCueTime(duration)}).`,
        );
      cue.end = Math.min(cue.end, duration);
    }
    const body = cue.lines
      .map((l) => (isVtt ? l : srtTextToVtt(l)))
      .map((l) => l.replace(/-->/g, '--&gt;').trim())
      .filter((l) => l !== '');
    if (body.length === 0) continue; // an empty cue shows nothing
    kept.push({ start: cue.start, end: cue.end, settings: cue.settings, text: body.join('\n') });
  }
  if (kept.length === 0)
    throw new CaptionFileError(
      Math.max(1, lines.length),
      'the file holds no captions: no cue with a timing like 00:00:01,000 --> 00:00:04,000 and some text.',
    );
  kept.sort((a, b) => a.start - b.start || a.end - b.end);

  const vtt =
    'WEBVTT\n\n' +
    kept
      .map(
        (c, n) =>
          `${n + 1}\n${fmt(c.start)} --> ${fmt(c.end)}${c.settings ? ` ${c.settings}` : ''}\n${c.text}\n`,
      )
      .join('\n');
  return {
    format,
    vtt,
    cues: kept.map((c) => ({ start: c.start, end: c.end, text: plainCueText(c.text) })),
  };
}
