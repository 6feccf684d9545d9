import { useMemo, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import type { TCourseDto, TSeriesDto } from '@app/contract/courses';
import { NotFound } from '../../components/NotFound.tsx';
import { ApiError } from '../../lib/api.ts';
import { formatNaira } from '../../lib/money.ts';
import { useSession } from '../../lib/session.ts';
import { useCourse } from './api/course.ts';
import './player.css';

type Lesson = { series: TSeriesDto; sectionIndex: number; position: number };

/** Every series of the course in order, remembering its section. */
function lessonsOf(course: TCourseDto): Lesson[] {
  const lessons: Lesson[] = [];
  course.sectionDto.forEach((section, sectionIndex) =>
    section.seriesList.forEach((series) => lessons.push({ series, sectionIndex, position: lessons.length })),
  );
  return lessons;
}

/** `/view-course/{id}`: the course player with its section and series list. */
export function PlayerPage() {
  const { id } = useParams();
  const courseId = Number(id);
  const { authenticated, email } = useSession();
  const query = useCourse(courseId, authenticated ? (email ?? '') : null);

  if (!Number.isInteger(courseId) || courseId <= 0) return <NotFound />;
  if (query.isPending) return <p className="page-loading">Loading...</p>;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) return <NotFound />;
    return (
      <div className="page empty-state" role="alert">
        <p>We could not load this course. Please try again.</p>
        <button type="button" className="btn" onClick={() => void query.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  return <Player course={query.data.coursesDto} onReload={() => void query.refetch()} />;
}

function Player({ course, onReload }: { course: TCourseDto; onReload: () => void }) {
  const lessons = useMemo(() => lessonsOf(course), [course]);
  const [params, setParams] = useSearchParams();
  const wanted = Number(params.get('series'));
  const current = lessons.find((l) => l.series.id === wanted) ?? lessons[0];
  const choose = (lesson: Lesson) =>
    setParams(
      (p) => {
        p.set('series', String(lesson.series.id));
        return p;
      },
      { replace: true },
    );
  const previous = current ? lessons[current.position - 1] : undefined;
  const next = current ? lessons[current.position + 1] : undefined;

  return (
    <div className="page player">
      <nav className="player-crumbs" aria-label="Breadcrumb">
        <Link to={course.canWatch ? '/home/my-courses' : `/course/${course.id}`}>
          {course.canWatch ? '← My Courses' : '← Course details'}
        </Link>
      </nav>
      <div className="player-layout">
        <div className="player-main">
          {!course.canWatch ? (
            <BuyPanel course={course} />
          ) : !current ? (
            <div className="player-screen player-message">
              <p>This course has no lessons yet.</p>
            </div>
          ) : (
            <>
              <LessonVideo key={current.series.id} lesson={current} onReload={onReload} />
              <div className="player-lesson">
                <p className="muted player-course-title">{course.title}</p>
                <h1>{current.series.title}</h1>
                <p className="muted">
                  Lesson {current.position + 1} of {lessons.length} ·{' '}
                  {course.sectionDto[current.sectionIndex]?.title}
                </p>
                <div className="player-controls">
                  <button
                    type="button"
                    className="btn btn-outline"
                    disabled={!previous}
                    onClick={() => previous && choose(previous)}
                  >
                    ‹ Previous
                  </button>
                  <button type="button" className="btn" disabled={!next} onClick={() => next && choose(next)}>
                    Next ›
                  </button>
                  {current.series.resourceFile && (
                    <a
                      className="btn btn-outline player-resource"
                      href={current.series.resourceFile}
                      target="_blank"
                      rel="noopener noreferrer"
                      download
                    >
                      Download resource
                    </a>
                  )}
                </div>
              </div>
            </>
          )}
        </div>
        <Outline
          course={course}
          lessons={lessons}
          current={course.canWatch ? current : undefined}
          onChoose={course.canWatch ? choose : undefined}
        />
      </div>
    </div>
  );
}

function LessonVideo({ lesson, onReload }: { lesson: Lesson; onReload: () => void }) {
  const fresh = lesson.series.videoLink;
  // Signed links change on every fetch: keep playing the one we started with, take a new one only after a failure.
  const [src, setSrc] = useState(fresh);
  const [failed, setFailed] = useState(false);
  const position = useRef(0);
  if (failed && fresh && fresh !== src) {
    setSrc(fresh);
    setFailed(false);
  }
  if (!src) {
    return (
      <div className="player-screen player-message">
        <p>This lesson has no video.</p>
      </div>
    );
  }
  if (failed) {
    return (
      <div className="player-screen player-message" role="alert">
        <p>This video could not be played. The link may have expired.</p>
        <button type="button" className="btn" onClick={onReload}>
          Reload video
        </button>
      </div>
    );
  }
  return (
    <video
      className="player-screen"
      src={src}
      controls
      autoPlay
      playsInline
      preload="metadata"
      controlsList="nodownload"
      aria-label={`Video: ${lesson.series.title}`}
      onTimeUpdate={(e) => (position.current = e.currentTarget.currentTime)}
      // After a reload with a fresh link, carry on where the student was.
      onLoadedMetadata={(e) => {
        if (position.current > 0) e.currentTarget.currentTime = position.current;
      }}
      onError={() => setFailed(true)}
    />
  );
}

function BuyPanel({ course }: { course: TCourseDto }) {
  return (
    <div className="player-buy">
      <img src={course.courseImageUrl} alt="" width={640} height={360} />
      <div className="player-buy-body">
        <h1>{course.title}</h1>
        <p className="muted">By {course.author}</p>
        <p>Buy this course to watch its videos and download its resources.</p>
        <Link to={`/course/${course.id}`} className="btn">
          Buy this course · {formatNaira(course.nairaPrice)}
        </Link>
      </div>
    </div>
  );
}

function Outline({
  course,
  lessons,
  current,
  onChoose,
}: {
  course: TCourseDto;
  lessons: Lesson[];
  current: Lesson | undefined;
  onChoose: ((lesson: Lesson) => void) | undefined;
}) {
  const bySeries = new Map(lessons.map((l) => [l.series.id, l]));
  return (
    <aside className="player-outline" aria-label="Course content">
      <h2>Course content</h2>
      {course.sectionDto.length === 0 && <p className="muted">No sections yet.</p>}
      <ol className="outline-sections">
        {course.sectionDto.map((section, s) => (
          <li key={section.id}>
            <h3>
              Section {s + 1}: {section.title}
            </h3>
            <ol className="outline-series">
              {section.seriesList.map((series) => {
                const lesson = bySeries.get(series.id);
                if (!lesson) return null;
                const isCurrent = current?.series.id === series.id;
                return (
                  <li key={series.id}>
                    {onChoose ? (
                      <button
                        type="button"
                        className={isCurrent ? 'outline-item current' : 'outline-item'}
                        aria-current={isCurrent ? 'true' : undefined}
                        onClick={() => onChoose(lesson)}
                      >
                        <span className="outline-number">{lesson.position + 1}</span>
                        {series.title}
                      </button>
                    ) : (
                      <span className="outline-item locked">
                        <span className="outline-number">{lesson.position + 1}</span>
                        {series.title}
                        <span className="sr-only"> (locked)</span>
                        <svg
                          className="outline-lock"
                          viewBox="0 0 24 24"
                          width="16"
                          height="16"
                          aria-hidden="true"
                        >
                          <path
                            fill="currentColor"
                            d="M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h-1V7a5 5 0 0 0-5-5zm-3 8V7a3 3 0 1 1 6 0v3H9z"
                          />
                        </svg>
                      </span>
                    )}
                  </li>
                );
              })}
            </ol>
          </li>
        ))}
      </ol>
    </aside>
  );
}
