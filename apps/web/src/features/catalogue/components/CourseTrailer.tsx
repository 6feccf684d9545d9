import { useState, type ReactNode } from 'react';
import { useT } from '@/lib/i18n/index.ts';

/**
 * The course's cover, and when the course has a trailer (public on a published course) a "Watch trailer" button
 * that puts the video in its place: the cover stays the first paint, the video loads only when asked for.
 */
export function CourseTrailer({
  url,
  poster,
  title,
  children,
}: {
  url: string | null;
  poster: string;
  title: string;
  children: ReactNode;
}) {
  const t = useT();
  const [playing, setPlaying] = useState(false);
  if (!url) return <>{children}</>;
  if (playing) {
    return (
      <video
        className="cover"
        src={url}
        poster={poster}
        controls
        autoPlay
        playsInline
        aria-label={t('course.trailerOf', { title })}
      >
        <track kind="captions" />
      </video>
    );
  }
  return (
    <div className="course-trailer">
      {children}
      <button type="button" className="btn course-trailer-play" onClick={() => setPlaying(true)}>
        {t('course.watchTrailer')}
      </button>
    </div>
  );
}
