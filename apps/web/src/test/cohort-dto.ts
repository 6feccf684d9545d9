import type { TCohortDto } from '@app/contract/cohorts';

/** A cohort as the API answers it (course 7, starting 12 January 2027 at 09:00 WAT, 18 of 30 seats left). */
export function cohortDto(over: Partial<TCohortDto> = {}): TCohortDto {
  return {
    id: 3,
    courseId: 7,
    name: 'January cohort',
    startsAt: '2027-01-12T08:00:00.000Z',
    endsAt: '2027-03-30T17:00:00.000Z',
    enrolOpensAt: '2026-11-01T00:00:00.000Z',
    enrolClosesAt: '2027-01-12T08:00:00.000Z',
    capacity: 30,
    seatsTaken: 12,
    seatsLeft: 18,
    nairaPrice: null,
    status: 'scheduled',
    summary: 'Starts 12 January 2027, 09:00 WAT · 18 of 30 seats left',
    ...over,
  };
}
