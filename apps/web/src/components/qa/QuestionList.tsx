import type { TQuestionDto } from '@app/contract/questions';
import { timeAgo } from './viewer.ts';
import { useT } from '@/lib/i18n/index.ts';

/**
 * A list of questions, each a button that opens its thread: title, author (with the 'Tutor' badge), votes, answers,
 * whether one was accepted, and where it was asked (`where`: the lesson, or the course in the tutor's inbox).
 */
export function QuestionList({
  questions,
  onOpen,
  where,
}: {
  questions: TQuestionDto[];
  onOpen: (id: number) => void;
  where?: (q: TQuestionDto) => string | undefined;
}) {
  const t = useT();
  return (
    <ul className="qa-list">
      {questions.map((q) => {
        const place = where?.(q);
        return (
          <li key={q.id} className={`qa-item${q.deleted ? ' qa-post-deleted' : ''}`}>
            <button type="button" className="qa-item-open" onClick={() => onOpen(q.id)}>
              <span className="qa-item-title">{q.title}</span>
            </button>
            <p className="qa-item-meta muted">
              <span>{q.author?.fullName ?? t('qa.someone')}</span>
              {q.author?.role === 'tutor' && !q.deleted && (
                <span className="qa-badge qa-badge-tutor">{t('qa.tutor')}</span>
              )}
              <span> · {timeAgo(q.timeCreated, t)}</span>
              {place && <span> · {place}</span>}
            </p>
            <p className="qa-item-counts">
              <span>{t('qa.votes', { count: q.votes })}</span>
              <span className={q.answerCount === 0 ? 'qa-unanswered' : undefined}>
                {q.answerCount === 0 ? t('qa.unanswered') : t('qa.answers', { count: q.answerCount })}
              </span>
              {q.accepted && <span className="qa-badge qa-badge-accepted">{t('qa.accepted')}</span>}
              {q.hidden && <span className="qa-badge qa-badge-hidden">{t('qa.hidden')}</span>}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
