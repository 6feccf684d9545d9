import { useParams } from 'react-router';
import { Link } from '@/components/Link.tsx';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { ApiError } from '@/lib/api.ts';
import { cellText } from '@/lib/gradebook.ts';
import { useT } from '@/lib/i18n/index.ts';
import { useMyGradebook } from './api/assignments.ts';
import './assignments.css';
import { translateRefusal } from '@/lib/i18n/refusals.ts';

/** `/home/grades/:courseId`: the student's own row of the course's gradebook, one line per quiz and assignment. */
export default function MyGradesPage() {
  const t = useT();
  const courseId = Number(useParams().courseId);
  const book = useMyGradebook(courseId);
  if (book.isPending) return <p className="page-loading">{t('common.loading')}</p>;
  if (book.isError) {
    const status = book.error instanceof ApiError ? book.error.status : 0;
    return status >= 400 && status < 500 ? (
      <div className="page assignment-page">
        <p role="alert">{translateRefusal(book.error.message)}</p>
        <Link to="/home/my-courses">{t('assignments.backToMyCourses')}</Link>
      </div>
    ) : (
      <LoadFailed message={t('assignments.grades.loadFailed')} onRetry={book.refetch} page solid />
    );
  }
  const row = book.data.rows[0];
  return (
    <div className="page assignment-page">
      <nav className="quiz-crumbs" aria-label={t('assignments.breadcrumb')}>
        <Link to={`/view-course/${courseId}`}>{t('assignments.backToCourseCrumb')}</Link>
      </nav>
      <h1>{t('assignments.grades.title')}</h1>
      {!row ? (
        <p className="muted">{t('assignments.grades.none')}</p>
      ) : (
        <>
          <p>{t('assignments.grades.watched', { percent: row.progressPercent })}</p>
          {book.data.columns.length === 0 ? (
            <p className="muted">{t('assignments.grades.noItems')}</p>
          ) : (
            <dl className="my-grades">
              {book.data.columns.map((c, i) => (
                <div key={`${c.kind}-${c.id}`} className="my-grade">
                  <dt>
                    {c.kind === 'quiz'
                      ? t('assignments.grades.quiz', { title: c.title })
                      : t('assignments.grades.assignment', { title: c.title })}
                  </dt>
                  <dd>{cellText(row.cells[i], c.outOf, c.kind)}</dd>
                </div>
              ))}
            </dl>
          )}
        </>
      )}
    </div>
  );
}
