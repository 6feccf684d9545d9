import { t } from './i18n/index.ts';

/** What the checkout says once a team's seats are paid (the card return and the watched transfer alike). */
export const teamPaidText = (team: { companyName: string; seats: number }) =>
  t('teams.paid', { seats: team.seats, company: team.companyName });
