import { useCallback, useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAssignmentListResponse } from '@app/contract/assignments';
import { useParams, useSearchParams } from 'react-router';
import { Link } from '@/components/Link.tsx';
import type {
  TCourseDto,
  TCourseProgress,
  TProgressResponse,
  TSectionDto,
  TSeriesDto,
} from '@app/contract/courses';
import { shownPrice } from '@app/contract/money';
import { NotFound } from '@/components/NotFound.tsx';
import { ApiError } from '@/lib/api.ts';
import { formatDuration } from '@/lib/dates.ts';
import { lagosWhen } from '@/lib/cohort-dates.ts';
import { formatNaira } from '@/lib/money.ts';
import { useSession } from '@/lib/session.ts';
import { userCoursesKeys } from '@/lib/queries/user-courses.ts';
import { courseAssignmentsQuery } from '@/lib/queries/assignments.ts';
import { useCourse } from './api/course.ts';
import { progressKey, useCourseProgress } from './api/progress.ts';
import { CompletionNote } from './components/CompletionNote.tsx';
import { OutlineQuizzes } from './components/OutlineQuizzes.tsx';
import { OutlineAssignments } from './components/OutlineAssignments.tsx';
import { DownloadedMark } from './components/DownloadedMark.tsx';
import { DownloadPanel } from './components/DownloadPanel.tsx';
import { OfflineAwarePlayer } from './components/OfflineAwarePlayer.tsx';
import { TranscriptSearch } from './components/TranscriptSearch.tsx';
import './player.css';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { CourseDiscussion } from '@/components/qa/CourseDiscussion.tsx';
import { useT, type Translate } from '@/lib/i18n/index.ts';

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
  const t = useT();
  const { id } = useParams();
  const courseId = Number(id);
  const { authenticated, email } = useSession();
  const query = useCourse(courseId, authenticated ? (email ?? '') : null);

  if (!Number.isInteger(courseId) || courseId <= 0) return <NotFound />;
  if (query.isPending) return <p className="page-loading">{t('common.loading')}</p>;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) return <NotFound />;
    return <LoadFailed message={t('player.loadFailed')} onRetry={query.refetch} page solid />;
  }
  return <Player course={query.data.coursesDto} onReload={() => void query.refetch()} />;
}

/** A lesson this caller may play: everything when entitled, else the free previews. */
const playable = (s: TSeriesDto) => !!(s.hlsLink || s.videoLink);

/**
 * A lesson the caller may open: one they can play, or any lesson of a course they may watch whose section is open
 * (its video may still be being prepared: its page holds the resource and the questions meanwhile).
 */
const openable = (course: TCourseDto, s: TSeriesDto, sectionLocked: boolean | undefined) =>
  playable(s) || (course.canWatch && !sectionLocked);

/** What stands in the player's place for a lesson of an entitled course that has no video to play. */
function unplayableText(s: TSeriesDto, t: Translate): string {
  switch (s.videoStatus) {
    case 'processing':
      return t('player.video.processing');
    case 'failed':
      return t('player.video.failed');
    default:
      return s.videoFile ? t('player.video.notAvailable') : t('player.video.none');
  }
}

/** A cohort member's locked section, in the server's words (docs/cohorts.md): when it opens. */
const opensText = (section: Pick<TSectionDto, 'opensAt'>, t: Translate) =>
  section.opensAt
    ? t('player.opensAt', { when: lagosWhen(section.opensAt) })
    : t('player.opensAfterPrevious');

function Player({ course, onReload }: { course: TCourseDto; onReload: () => void }) {
  const t = useT();
  const lessons = useMemo(() => lessonsOf(course), [course]);
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const progressQuery = useCourseProgress(course.id, course.owned);
  const progress = progressQuery.data?.progress;
  // The course's graded work, for its owner: listed under each section, and counted in what is left.
  const assignments = useQuery({ ...courseAssignmentsQuery(course.id), enabled: course.owned }).data
    ?.assignments;
  const onProgress = useCallback(
    (p: TCourseProgress) => {
      queryClient.setQueryData<TProgressResponse>(progressKey(course.id), (old) =>
        old ? { ...old, progress: p } : old,
      );
      // My Learning's percentages and 'Continue where you left off' come from the student's course list.
      void queryClient.invalidateQueries({ queryKey: userCoursesKeys.all });
    },
    [queryClient, course.id],
  );
  const wanted = Number(params.get('series'));
  const resumeId = progress?.lastSeriesId ?? null;
  const current =
    lessons.find((l) => l.series.id === wanted) ??
    lessons.find((l) => l.series.id === resumeId) ??
    lessons.find((l) => playable(l.series)) ??
    lessons.find((l) => openable(course, l.series, course.sectionDto[l.sectionIndex]?.locked)) ??
    lessons[0];
  const fromUrl = params.has('t') && current?.series.id === wanted ? Number(params.get('t')) : null;
  const startAt =
    fromUrl !== null && Number.isFinite(fromUrl)
      ? fromUrl
      : current && current.series.id === resumeId
        ? (progress?.lastPositionSeconds ?? null)
        : null;
  const choose = (lesson: Lesson) =>
    setParams(
      (p) => {
        p.set('series', String(lesson.series.id));
        p.delete('t');
        return p;
      },
      { replace: true, preventScrollReset: true },
    );
  const previous = current ? lessons[current.position - 1] : undefined;
  const next = current ? lessons[current.position + 1] : undefined;
  const canPlay = !!current && playable(current.series);
  const canOpen =
    !!current && openable(course, current.series, course.sectionDto[current.sectionIndex]?.locked);
  // A lesson of a section not released yet to this cohort member: when it opens, never a purchase.
  const lockedSection =
    current && course.sectionDto[current.sectionIndex]?.locked
      ? course.sectionDto[current.sectionIndex]
      : undefined;
  // An owner waits for its progress so the lesson starts at the right second.
  const waiting = course.owned && progressQuery.isPending;

  return (
    <div className="page player">
      <nav className="player-crumbs" aria-label={t('player.breadcrumb')}>
        <Link to={course.canWatch ? '/home/my-courses' : `/course/${course.id}`}>
          {course.canWatch ? t('player.backToMyCourses') : t('player.backToCourse')}
        </Link>
      </nav>
      {course.owned && progress && (
        <CompletionNote course={course} progress={progress} assignments={assignments ?? []} />
      )}
      <div className="player-layout">
        <div className="player-main">
          {!current && course.canWatch ? (
            <div className="player-screen player-message">
              <p>{t('player.noLessons')}</p>
            </div>
          ) : lockedSection ? (
            <div className="player-screen player-message" role="status">
              <p>{t('player.notOpenYet', { opens: opensText(lockedSection, t) })}</p>
            </div>
          ) : !canOpen || !current ? (
            <BuyPanel course={course} />
          ) : waiting ? (
            <p className="player-screen player-message">{t('common.loading')}</p>
          ) : (
            <>
              {canPlay ? (
                <OfflineAwarePlayer
                  // A transcript hit's second (`?t=`) in the lesson playing starts it again from there.
                  key={`${current.series.id}:${fromUrl ?? ''}`}
                  lesson={current.series}
                  courseId={course.id}
                  trackProgress={course.owned}
                  startAt={startAt}
                  onProgress={onProgress}
                  onReload={onReload}
                />
              ) : (
                <p className="player-screen player-message" role="status">
                  {unplayableText(current.series, t)}
                </p>
              )}
              <div className="player-lesson">
                <p className="muted player-course-title">{course.title}</p>
                <h1>
                  {current.series.title}
                  {!course.canWatch && (
                    <span className="badge preview-badge"> {t('course.freePreview')}</span>
                  )}
                </h1>
                <p className="muted">
                  {t('player.lessonOf', {
                    number: current.position + 1,
                    total: lessons.length,
                    section: course.sectionDto[current.sectionIndex]?.title ?? '',
                  })}
                </p>
                <div className="player-controls">
                  <button
                    type="button"
                    className="btn btn-outline"
                    disabled={
                      !previous ||
                      !openable(course, previous.series, course.sectionDto[previous.sectionIndex]?.locked)
                    }
                    onClick={() => previous && choose(previous)}
                  >
                    {t('player.previous')}
                  </button>
                  <button
                    type="button"
                    className="btn"
                    disabled={
                      !next || !openable(course, next.series, course.sectionDto[next.sectionIndex]?.locked)
                    }
                    onClick={() => next && choose(next)}
                  >
                    {t('player.next')}
                  </button>
                  {current.series.resourceFile && (
                    <a
                      className="btn btn-outline player-resource"
                      href={current.series.resourceFile}
                      target="_blank"
                      rel="noopener noreferrer"
                      download
                    >
                      {t('player.downloadResource')}
                    </a>
                  )}
                </div>
                {!course.canWatch && <BuyPanel course={course} />}
                {course.owned &&
                  (!!assignments?.length || course.sectionDto.some((s) => s.quizzes?.length)) && (
                    <p>
                      <Link to={`/home/grades/${course.id}`}>{t('player.yourGrades')}</Link>
                    </p>
                  )}
                {course.owned && <DownloadPanel course={course} />}
                {course.canWatch && <TranscriptSearch courseId={course.id} />}
                {course.canWatch && <CourseDiscussion course={course} lessonId={current.series.id} />}
              </div>
            </>
          )}
        </div>
        <Outline
          course={course}
          lessons={lessons}
          current={canOpen ? current : undefined}
          completed={new Set(progress?.completedSeriesIds ?? [])}
          assignments={assignments ?? []}
          onChoose={choose}
        />
      </div>
    </div>
  );
}

function BuyPanel({ course }: { course: TCourseDto }) {
  const t = useT();
  return (
    <div className="card player-buy">
      <img className="cover" src={course.courseImageUrl} alt="" width={640} height={360} />
      <div className="player-buy-body">
        <h1>{course.title}</h1>
        <p className="muted">{t('course.by', { author: course.author })}</p>
        <p>{t('player.buyText')}</p>
        <Link to={`/course/${course.id}`} className="btn">
          {t('player.buyButton', { price: formatNaira(shownPrice(course).pays) })}
        </Link>
      </div>
    </div>
  );
}

function Outline({
  course,
  lessons,
  current,
  completed,
  assignments,
  onChoose,
}: {
  course: TCourseDto;
  lessons: Lesson[];
  current: Lesson | undefined;
  completed: ReadonlySet<number>;
  assignments: TAssignmentListResponse['assignments'];
  onChoose: (lesson: Lesson) => void;
}) {
  const t = useT();
  const bySeries = new Map(lessons.map((l) => [l.series.id, l]));
  return (
    <aside className="player-outline" aria-label={t('course.content')}>
      <h2>{t('course.content')}</h2>
      {course.sectionDto.length === 0 && <p className="muted">{t('player.noSections')}</p>}
      <ol className="outline-sections">
        {course.sectionDto.map((section, s) => (
          <li key={section.id}>
            <h3>{t('player.sectionTitle', { number: s + 1, title: section.title })}</h3>
            {section.locked && (
              <p className="outline-opens">
                <span className="visually-hidden">{t('player.locked')} </span>
                {opensText(section, t)}
              </p>
            )}
            <ol className="outline-series">
              {section.seriesList.map((series) => {
                const lesson = bySeries.get(series.id);
                if (!lesson) return null;
                const isCurrent = current?.series.id === series.id;
                return (
                  <li key={series.id}>
                    {openable(course, series, section.locked) ? (
                      <button
                        type="button"
                        className={isCurrent ? 'outline-item current' : 'outline-item'}
                        aria-current={isCurrent ? 'true' : undefined}
                        onClick={() => onChoose(lesson)}
                      >
                        <span className="outline-number">{lesson.position + 1}</span>
                        {series.title}
                        {!course.canWatch && (
                          <span className="badge preview-badge">{t('course.preview')}</span>
                        )}
                        {series.durationSeconds !== null && (
                          <span className="muted outline-length">
                            {formatDuration(series.durationSeconds)}
                          </span>
                        )}
                        {completed.has(series.id) && (
                          <span className="outline-done" aria-label={t('player.completedMark')}>
                            ✓
                          </span>
                        )}
                        <DownloadedMark seriesId={series.id} />
                      </button>
                    ) : (
                      <span className="outline-item locked">
                        <span className="outline-number">{lesson.position + 1}</span>
                        {series.title}
                        <span className="sr-only"> {t('player.lockedMark')}</span>
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
            <OutlineQuizzes courseId={course.id} quizzes={section.quizzes} open={course.owned} />
            <OutlineAssignments assignments={assignments.filter((a) => a.sectionId === section.id)} />
          </li>
        ))}
      </ol>
    </aside>
  );
}
