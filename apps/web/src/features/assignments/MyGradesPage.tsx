import { Link, useParams } from 'react-router';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { ApiError } from '@/lib/api.ts';
import { cellText } from '@/lib/gradebook.ts';
import { useMyGradebook } from './api/assignments.ts';
import './assignments.css';

/** `/home/grades/:courseId`: the student's own row of the course's gradebook, one line per quiz and assignment. */
export default function MyGradesPage() {
  const courseId = Number(useParams().courseId);
  const book = useMyGradebook(courseId);
  if (book.isPending) return <p className="page-loading">Loading...</p>;
  if (book.isError) {
    const status = book.error instanceof ApiError ? book.error.status : 0;
    return status >= 400 && status < 500 ? (
      <div className="page assignment-page">
        <p role="alert">{book.error.message}</p>
        <Link to="/home/my-courses">← My Courses</Link>
      </div>
    ) : (
      <LoadFailed
        message="We could not load your grades. Please try again."
        onRetry={book.refetch}
        page
        solid
      />
    );
  }
  const row = book.data.rows[0];
  return (
    <div className="page assignment-page">
      <nav className="quiz-crumbs" aria-label="Breadcrumb">
        <Link to={`/view-course/${courseId}`}>← Back to the course</Link>
      </nav>
      <h1>Your grades</h1>
      {!row ? (
        <p className="muted">No grades yet.</p>
      ) : (
        <>
          <p>Lessons watched: {row.progressPercent}%</p>
          {book.data.columns.length === 0 ? (
            <p className="muted">This course has no quizzes or assignments.</p>
          ) : (
            <dl className="my-grades">
              {book.data.columns.map((c, i) => (
                <div key={`${c.kind}-${c.id}`} className="my-grade">
                  <dt>
                    {c.kind === 'quiz' ? 'Quiz' : 'Assignment'}: {c.title}
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
