/** What the checkout says once a team's seats are paid (the card return and the watched transfer alike). */
export const teamPaidText = (team: { companyName: string; seats: number }) =>
  `Thank you! ${team.seats} ${team.seats === 1 ? 'seat' : 'seats'} for ${team.companyName} ${team.seats === 1 ? 'is' : 'are'} paid. Invite your people from your team's page.`;
