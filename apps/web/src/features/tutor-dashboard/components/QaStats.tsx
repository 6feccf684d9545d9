import { Link } from '@/components/Link.tsx';
import { t as translate, useT, type Translate } from '@/lib/i18n/index.ts';
import { useQaStats } from '../api/qa-stats.ts';

/** "45 min", "3 h 10 min", "2 days 4 h"; a dash before any question was answered. */
export function formatMinutes(minutes: number | null, t: Translate = translate): string {
  if (minutes === null) return '—';
  const m = Math.round(minutes);
  if (m < 60) return t('tutorDashboard.time.minutes', { m });
  if (m < 24 * 60)
    return m % 60
      ? t('tutorDashboard.time.hoursMinutes', { h: Math.floor(m / 60), m: m % 60 })
      : t('tutorDashboard.time.hours', { h: m / 60 });
  const days = Math.floor(m / (24 * 60));
  const hours = Math.floor((m % (24 * 60)) / 60);
  return hours
    ? t('tutorDashboard.time.daysHours', { days, h: hours })
    : t('tutorDashboard.time.days', { days });
}

/** Two cards on the tutor dashboard: questions waiting for an answer, and the median time to a first answer. */
export function QaStats() {
  const t = useT();
  const stats = useQaStats();
  if (!stats.data) return null;
  const { unanswered, medianFirstAnswerMinutes } = stats.data;
  return (
    <>
      <div className="surface stat-card">
        <p className="stat-label">{t('tutorDashboard.qa.unanswered')}</p>
        <p className="stat-value">{unanswered}</p>
        <Link to="/tutor/questions">{t('tutorDashboard.qa.answer')}</Link>
      </div>
      <div className="surface stat-card">
        <p className="stat-label">{t('tutorDashboard.qa.medianTime')}</p>
        <p className="stat-value">{formatMinutes(medianFirstAnswerMinutes, t)}</p>
      </div>
    </>
  );
}
