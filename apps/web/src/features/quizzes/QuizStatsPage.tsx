import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { Link } from '@/components/Link.tsx';
import type { TQuizStatsResponse } from '@app/contract/quizzes';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { NotFound } from '@/components/NotFound.tsx';
import { ApiError } from '@/lib/api.ts';
import { courseKeys, fetchCourse } from '@/lib/queries/course.ts';
import { useT } from '@/lib/i18n/index.ts';
import { formatCount } from '@/lib/i18n/format.ts';
import { useQuizStats } from './api/quiz.ts';
import './quizzes.css';
import { translateRefusal } from '@/lib/i18n/refusals.ts';

/** A question right for fewer than this share of answers stands out as weak. */
export const WEAK_BELOW = 50;

type QuizStats = TQuizStatsResponse['quizzes'][number];

const percent = (n: number | null) => (n === null ? '–' : `${n}%`);

/** `/tutor/course/quizzes/:id`: each quiz's attempts, pass rate and share right per question, weak ones marked. */
export default function QuizStatsPage() {
  const t = useT();
  const { id } = useParams();
  const courseId = Number(id);
  const stats = useQuizStats(courseId);
  const title = useQuery({
    queryKey: courseKeys.one(courseId),
    queryFn: ({ signal }) => fetchCourse(courseId, { signal }),
    enabled: Number.isInteger(courseId) && courseId > 0,
    select: (r) => r.coursesDto.title,
  });

  if (!Number.isInteger(courseId) || courseId <= 0) return <NotFound />;
  return (
    <section className="tutor-page quiz-stats">
      <p>
        <Link to="/tutor/courses">{t('quizzes.stats.backToMyCourses')}</Link>
      </p>
      <h1>{title.data ? t('quizzes.stats.titleOf', { title: title.data }) : t('quizzes.stats.title')}</h1>
      {stats.isPending && <p className="page-loading">{t('common.loading')}</p>}
      {stats.isError &&
        (stats.error instanceof ApiError && [400, 403, 404].includes(stats.error.status) ? (
          <p className="empty-state" role="alert">
            {translateRefusal(stats.error.message)}
          </p>
        ) : (
          <LoadFailed message={t('quizzes.stats.loadFailed')} onRetry={stats.refetch} />
        ))}
      {stats.isSuccess && stats.data.quizzes.length === 0 && (
        <p className="empty-state">{t('quizzes.stats.empty')}</p>
      )}
      {stats.isSuccess && stats.data.quizzes.length > 0 && (
        <>
          <p className="muted">{t('quizzes.stats.weakNote', { percent: WEAK_BELOW })}</p>
          {stats.data.quizzes.map((quiz) => (
            <QuizCard key={quiz.id} quiz={quiz} />
          ))}
        </>
      )}
    </section>
  );
}

function QuizCard({ quiz }: { quiz: QuizStats }) {
  const t = useT();
  return (
    <article className="card quiz-stats-card" aria-labelledby={`quiz-stats-${quiz.id}`}>
      <h2 id={`quiz-stats-${quiz.id}`}>{quiz.title}</h2>
      <p className="muted">{t('quizzes.stats.section', { title: quiz.sectionTitle })}</p>
      <dl className="quiz-stats-facts">
        <div>
          <dt>{t('quizzes.stats.attempts')}</dt>
          <dd>{formatCount(quiz.attempts)}</dd>
        </div>
        <div>
          <dt>{t('quizzes.stats.students')}</dt>
          <dd>{formatCount(quiz.students)}</dd>
        </div>
        <div>
          <dt>{t('quizzes.stats.passRate')}</dt>
          <dd>{percent(quiz.passRate)}</dd>
        </div>
      </dl>
      <h3>{t('quizzes.stats.rightPerQuestion')}</h3>
      <ol className="quiz-stats-questions">
        {quiz.questions.map((q) => {
          const weak = q.rightPercent !== null && q.rightPercent < WEAK_BELOW;
          return (
            <li key={q.id} className={weak ? 'weak' : undefined}>
              <span className="quiz-stats-text">
                {q.text}
                {weak && <span className="badge quiz-weak"> {t('quizzes.stats.weak')}</span>}
              </span>
              <span className="quiz-stats-bar" aria-hidden="true">
                <span style={{ width: `${q.rightPercent ?? 0}%` }} />
              </span>
              <span className="quiz-stats-percent">
                {t('quizzes.stats.right', { percent: percent(q.rightPercent) })}
              </span>
            </li>
          );
        })}
      </ol>
    </article>
  );
}
