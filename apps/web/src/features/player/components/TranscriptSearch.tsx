import { useState } from 'react';
import { Link } from '@/components/Link.tsx';
import { TRANSCRIPT_SEARCH_MAX, TRANSCRIPT_SEARCH_MIN } from '@app/contract/caption-languages';
import { formatDuration } from '@/lib/dates.ts';
import { useTranscriptSearch } from '@/features/player/api/transcripts.ts';
import { useT } from '@/lib/i18n/index.ts';
import { translateRefusal } from '@/lib/i18n/refusals.ts';

/** Searches what is said in every lesson of the course (its captions); each hit opens its lesson at that second. */
export function TranscriptSearch({ courseId }: { courseId: number }) {
  const t = useT();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  // The search was too short (the message is worded at display time, in the language shown).
  const [tooShort, setTooShort] = useState(false);
  const search = useTranscriptSearch(courseId, query);
  return (
    <section className="transcript-search" aria-label={t('player.transcriptSearch.label')}>
      <h2>{t('player.transcriptSearch.title')}</h2>
      <form
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          const q = text.trim();
          if (q.length < TRANSCRIPT_SEARCH_MIN) {
            setTooShort(true);
            return;
          }
          setTooShort(false);
          setQuery(q);
        }}
      >
        <input
          type="search"
          aria-label={t('player.transcriptSearch.input')}
          placeholder={t('player.transcriptSearch.placeholder')}
          maxLength={TRANSCRIPT_SEARCH_MAX}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className="btn btn-outline">
          {t('player.transcriptSearch.submit')}
        </button>
      </form>
      {tooShort && (
        <p className="field-error" role="alert">
          {t('player.transcriptSearch.tooShort', { min: TRANSCRIPT_SEARCH_MIN })}
        </p>
      )}
      {query && search.isPending && <p className="muted">{t('player.transcriptSearch.searching')}</p>}
      {search.isError && (
        <p className="field-error" role="alert">
          {translateRefusal(search.error.message)}
        </p>
      )}
      {search.data && (
        <>
          <p className="muted" role="status">
            {search.data.total === 0
              ? t('player.transcriptSearch.none', { query })
              : search.data.total > 1 && search.data.total > search.data.hits.length
                ? t('player.transcriptSearch.foundFirst', {
                    count: search.data.total,
                    shown: search.data.hits.length,
                  })
                : t('player.transcriptSearch.found', { count: search.data.total })}
          </p>
          <ul className="transcript-hits">
            {search.data.hits.map((h, i) => (
              <li key={`${h.seriesId}-${h.language}-${h.start}-${i}`}>
                <Link to={`?series=${h.seriesId}&t=${Math.floor(h.start)}`} replace preventScrollReset>
                  {h.lessonTitle} · {formatDuration(Math.floor(h.start))}
                </Link>{' '}
                <span className="muted">({h.label})</span>
                <br />
                <span lang={h.language}>{h.text}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
