import { Link } from 'react-router';
import { useQaStats } from '../api/qa-stats.ts';

/** "45 min", "3 h 10 min", "2 days 4 h"; a dash before any question was answered. */
export function formatMinutes(minutes: number | null): string {
  if (minutes === null) return '—';
  const m = Math.round(minutes);
  if (m < 60) return `${m} min`;
  if (m < 24 * 60) return m % 60 ? `${Math.floor(m / 60)} h ${m % 60} min` : `${m / 60} h`;
  const days = Math.floor(m / (24 * 60));
  const hours = Math.floor((m % (24 * 60)) / 60);
  return `${days} ${days === 1 ? 'day' : 'days'}${hours ? ` ${hours} h` : ''}`;
}

/** Two cards on the tutor dashboard: questions waiting for an answer, and the median time to a first answer. */
export function QaStats() {
  const stats = useQaStats();
  if (!stats.data) return null;
  const { unanswered, medianFirstAnswerMinutes } = stats.data;
  return (
    <>
      <div className="surface stat-card">
        <p className="stat-label">Unanswered questions</p>
        <p className="stat-value">{unanswered}</p>
        <Link to="/tutor/questions">Answer questions</Link>
      </div>
      <div className="surface stat-card">
        <p className="stat-label">Median time to a first answer</p>
        <p className="stat-value">{formatMinutes(medianFirstAnswerMinutes)}</p>
      </div>
    </>
  );
}
