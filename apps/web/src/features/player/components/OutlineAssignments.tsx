import { Link } from 'react-router';
import type { TAssignmentListResponse, TAssignmentStanding } from '@app/contract/assignments';
import './completion.css';

type Item = TAssignmentListResponse['assignments'][number];

/** A student's standing on an assignment in a few words: what happened to their latest work. */
export function standingText(s: TAssignmentStanding): string {
  if (s.passed) return 'Passed';
  switch (s.status) {
    case 'draft':
      return 'Draft saved';
    case 'submitted':
      return 'Submitted, waiting for a grade';
    case 'returned':
      return 'Returned: resubmit';
    case 'failed':
      return 'Not passed';
    default:
      return 'Not started';
  }
}

/** A section's assignments in the player's lesson list, after its quizzes: open to the student who owns the course. */
export function OutlineAssignments({ assignments }: { assignments: Item[] }) {
  if (!assignments.length) return null;
  return (
    <ul className="outline-quizzes" aria-label="Assignments">
      {assignments.map((a) => (
        <li key={a.id}>
          <Link className="outline-item outline-quiz" to={`/home/assignment/${a.id}`}>
            <span className="outline-number" aria-hidden="true">
              ✎
            </span>
            <span className="outline-quiz-text">
              <span className="outline-quiz-title">Assignment: {a.title}</span>
              <span className="muted outline-quiz-meta">
                {standingText(a.standing)}
                {a.requiredForCertificate ? ' · required for the certificate' : ''}
              </span>
            </span>
            {a.standing.passed && (
              <span className="outline-done" aria-label="passed">
                ✓
              </span>
            )}
          </Link>
        </li>
      ))}
    </ul>
  );
}
