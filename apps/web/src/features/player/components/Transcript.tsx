import { useEffect, useRef } from 'react';
import { formatDuration } from '@/lib/dates.ts';
import { plainText, type CaptionTrack } from '@/features/player/captions.ts';
import { useT } from '@/lib/i18n/index.ts';

type Props = {
  track: CaptionTrack;
  /** The video's time, to mark the cue being spoken. */
  now: number;
  onSeek: (seconds: number) => void;
};

/** The lesson's cues in one language, beside the video: the one being spoken marked, a click seeks to a cue. */
export function Transcript({ track, now, onSeek }: Props) {
  const t = useT();
  const list = useRef<HTMLOListElement>(null);
  const current = track.cues.findIndex((c) => now >= c.start && now < c.end);
  // Keep the spoken line in view inside the panel (never scrolls the page).
  useEffect(() => {
    const box = list.current;
    const item = current >= 0 ? (box?.children[current] as HTMLElement | undefined) : undefined;
    if (!box || !item) return;
    if (
      item.offsetTop < box.scrollTop ||
      item.offsetTop + item.offsetHeight > box.scrollTop + box.clientHeight
    )
      box.scrollTop = item.offsetTop - box.clientHeight / 3;
  }, [current]);
  return (
    <section className="transcript" aria-label={t('player.transcript')}>
      <h2>
        {t('player.transcript')} <span className="muted transcript-language">{track.label}</span>
      </h2>
      <ol ref={list} className="transcript-cues" lang={track.language}>
        {track.cues.map((cue, i) => (
          <li key={`${cue.start}-${i}`}>
            <button
              type="button"
              className={i === current ? 'transcript-cue current' : 'transcript-cue'}
              aria-current={i === current ? 'true' : undefined}
              onClick={() => onSeek(cue.start)}
            >
              <span className="transcript-time">{formatDuration(Math.floor(cue.start))}</span>
              <span className="transcript-text">{plainText(cue.text)}</span>
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
