import { useState } from 'react';
import { Link } from 'react-router';
import { TRANSCRIPT_SEARCH_MAX, TRANSCRIPT_SEARCH_MIN } from '@app/contract/caption-languages';
import { formatDuration } from '@/lib/dates.ts';
import { useTranscriptSearch } from '@/features/player/api/transcripts.ts';

/** Searches what is said in every lesson of the course (its captions); each hit opens its lesson at that second. */
export function TranscriptSearch({ courseId }: { courseId: number }) {
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const search = useTranscriptSearch(courseId, query);
  return (
    <section className="transcript-search" aria-label="Search the course transcripts">
      <h2>Search the transcripts</h2>
      <form
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          const q = text.trim();
          if (q.length < TRANSCRIPT_SEARCH_MIN) {
            setProblem(`Type at least ${TRANSCRIPT_SEARCH_MIN} characters to search.`);
            return;
          }
          setProblem(null);
          setQuery(q);
        }}
      >
        <input
          type="search"
          aria-label="Words said in the course"
          placeholder="Words said in any lesson"
          maxLength={TRANSCRIPT_SEARCH_MAX}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className="btn btn-outline">
          Search
        </button>
      </form>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      {query && search.isPending && <p className="muted">Searching...</p>}
      {search.isError && (
        <p className="field-error" role="alert">
          {search.error.message}
        </p>
      )}
      {search.data && (
        <>
          <p className="muted" role="status">
            {search.data.total === 0
              ? `Nothing in the transcripts matches “${query}”.`
              : search.data.total === 1
                ? '1 line found'
                : search.data.total > search.data.hits.length
                  ? `${search.data.total} lines found, the first ${search.data.hits.length} shown`
                  : `${search.data.total} lines found`}
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
