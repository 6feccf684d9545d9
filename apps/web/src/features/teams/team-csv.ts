import { csvText } from '@app/contract/csv';
import type { TTeamView } from '@app/contract/teams';
import { t } from '@/lib/i18n/index.ts';

/**
 * The team's report as CSV: one row per member and course (a member without a seat has one row), with the share
 * watched, the quizzes, the certificate and the dates. Every text cell goes through `csvCell`, so a name that starts
 * with = + - or @ never runs as a formula.
 */
export function teamReportCsv(team: TTeamView): string {
  const title = new Map(team.courses.map((c) => [c.courseId, c.title]));
  const rows: (string | number | null)[][] = [
    [
      t('teams.csv.name'),
      t('teams.csv.email'),
      t('teams.csv.status'),
      t('teams.csv.course'),
      t('teams.csv.watched'),
      t('teams.csv.quizzesPassed'),
      t('teams.csv.quizResults'),
      t('teams.csv.certificate'),
      t('teams.csv.invited'),
      t('teams.csv.joined'),
    ],
  ];
  for (const m of team.members) {
    const base = [m.name, m.email, m.status];
    const dates = [m.invitedAt.slice(0, 10), m.joinedAt?.slice(0, 10) ?? null];
    if (m.seats.length === 0) rows.push([...base, null, null, null, null, null, ...dates]);
    for (const s of m.seats)
      rows.push([
        ...base,
        title.get(s.courseId) ?? '',
        s.watchedPercent,
        `${s.quizzesPassed}/${s.quizzes}`,
        s.quizResults
          .map((q) => `${q.title}: ${q.bestPercent}%${q.passed ? ` ${t('teams.csv.passed')}` : ''}`)
          .join('; '),
        s.certificateCode,
        ...dates,
      ]);
  }
  return csvText(rows);
}
