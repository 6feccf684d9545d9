/**
 * The server's own count of what a student watched of a lesson (the rule in docs/DECISIONS.md, "Completion").
 * Each progress report credits the stretch from the last reported position to the new one only when the position
 * advanced no faster than MAX_SPEED times the wall-clock time since the last report, plus SLACK_SECONDS for the
 * network's jitter. The slack cannot be spent twice: the report's clock (`anchor`) moves on by the credited
 * seconds at MAX_SPEED, so a burst of small jumps earns at most SLACK_SECONDS in all.
 */

/** Merged, sorted [start, end] ranges of seconds. */
export type Ranges = [number, number][];

/** The fastest playback credited: twice real time. */
export const MAX_SPEED = 2;
/** What a report may advance beyond MAX_SPEED × elapsed (request jitter), and what a first report may credit. */
export const SLACK_SECONDS = 2;

export type CoverageState = {
  ranges: Ranges;
  lastPosition: number;
  /** Epoch ms the next report's elapsed time counts from; may be ahead of now after a credited burst. */
  anchor: number;
};

/** Adds a range to merged ranges (touching or overlapping ranges become one). */
export function mergeRange(ranges: Ranges, [start, end]: [number, number]): Ranges {
  if (!(end > start)) return ranges;
  const all = [...ranges, [start, end] as [number, number]].sort((a, b) => a[0] - b[0]);
  const merged: Ranges = [];
  for (const [s, e] of all) {
    const last = merged[merged.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else merged.push([s, e]);
  }
  return merged;
}

/** The seconds the ranges cover. */
export const coveredSeconds = (ranges: Ranges) => ranges.reduce((sum, [s, e]) => sum + (e - s), 0);

/**
 * The state after a report of `position` at `now` (epoch ms). A first report (no state) counts as coming from
 * second 0 with no time elapsed: it credits [0, position] only within the slack, so a first report far into the
 * lesson (a jump, or a claimed end) credits nothing and only starts the clock there.
 */
export function reportPosition(
  prev: CoverageState | null,
  position: number,
  now: number,
  duration: number | null,
): CoverageState {
  const from = prev ? prev.lastPosition : 0;
  const anchor = prev ? prev.anchor : now;
  const ranges = prev ? prev.ranges : [];
  const advanced = position - from;
  const elapsed = (now - anchor) / 1000;
  if (advanced > 0 && advanced <= MAX_SPEED * elapsed + SLACK_SECONDS) {
    const end = duration ? Math.min(position, duration) : position;
    return {
      ranges: mergeRange(ranges, [Math.max(0, from), end]),
      lastPosition: position,
      anchor: Math.max(now, anchor + (advanced / MAX_SPEED) * 1000),
    };
  }
  // A seek (back, or forward faster than allowed) credits nothing; watching on from there counts.
  return { ranges, lastPosition: position, anchor: Math.max(now, anchor) };
}

/** Watched: the ranges cover at least `share` of a known duration. An unknown duration is never watched. */
export const isWatched = (ranges: Ranges, duration: number | null, share: number) =>
  !!duration && duration > 0 && coveredSeconds(ranges) >= duration * share - 1e-9;
