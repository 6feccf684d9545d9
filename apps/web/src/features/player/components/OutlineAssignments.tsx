import { Link } from '@/components/Link.tsx';
import type { TAssignmentListResponse, TAssignmentStanding } from '@app/contract/assignments';
import { t as translate, useT, type Translate } from '@/lib/i18n/index.ts';
import './completion.css';

type Item = TAssignmentListResponse['assignments'][number];

/** A student's standing on an assignment in a few words: what happened to their latest work. */
export function standingText(s: TAssignmentStanding, t: Translate = translate): string {
  if (s.passed) return t('player.status.passed');
  switch (s.status) {
    case 'draft':
      return t('player.assignment.draft');
    case 'submitted':
      return t('player.assignment.submitted');
    case 'returned':
      return t('player.assignment.returned');
    case 'failed':
      return t('player.assignment.failed');
    default:
      return t('player.assignment.notStarted');
  }
}

/** A section's assignments in the player's lesson list, after its quizzes: open to the student who owns the course. */
export function OutlineAssignments({ assignments }: { assignments: Item[] }) {
  const t = useT();
  if (!assignments.length) return null;
  return (
    <ul className="outline-quizzes" aria-label={t('player.assignments')}>
      {assignments.map((a) => (
        <li key={a.id}>
          <Link className="outline-item outline-quiz" to={`/home/assignment/${a.id}`}>
            <span className="outline-number" aria-hidden="true">
              ✎
            </span>
            <span className="outline-quiz-text">
              <span className="outline-quiz-title">{t('player.assignment.title', { title: a.title })}</span>
              <span className="muted outline-quiz-meta">
                {standingText(a.standing, t)}
                {a.requiredForCertificate ? ` · ${t('player.assignment.required')}` : ''}
              </span>
            </span>
            {a.standing.passed && (
              <span className="outline-done" aria-label={t('player.passedMark')}>
                ✓
              </span>
            )}
          </Link>
        </li>
      ))}
    </ul>
  );
}
