import type { TCohortDto } from '@app/contract/cohorts';
import type { OpAnswer } from '@app/contract/operations';

// The tutor's cohort answers as the API gives them, for this feature's tests.

export const ok = (message = 'OK') => ({ code: 'dk00', message });
export const refused = (message: string) => ({
  status: 400,
  body: { responseDto: { code: 'dk96', message } },
});

export function cohortDto(over: Partial<TCohortDto> = {}): TCohortDto {
  return {
    id: 31,
    courseId: 7,
    name: 'January class',
    startsAt: '2099-01-12T08:00:00.000Z',
    endsAt: '2099-03-12T08:00:00.000Z',
    enrolOpensAt: '2098-12-01T08:00:00.000Z',
    enrolClosesAt: '2099-01-12T08:00:00.000Z',
    capacity: 30,
    seatsTaken: 12,
    seatsLeft: 18,
    nairaPrice: null,
    status: 'scheduled',
    summary: 'Starts 12 January 2099, 09:00 WAT · 18 of 30 seats left',
    ...over,
  };
}

type TSession = OpAnswer<'liveSessionList'>['sessions'][number];

/** A session starting `startsInMinutes` from now (negative: it started already). */
export function sessionDto(over: Partial<TSession> & { startsInMinutes?: number } = {}): TSession {
  const { startsInMinutes = 60 * 24, ...rest } = over;
  const start = Date.now() + startsInMinutes * 60_000;
  const duration = rest.durationMinutes ?? 60;
  return {
    id: 41,
    cohortId: 31,
    title: 'Week 1 live class',
    startsAt: new Date(start).toISOString(),
    durationMinutes: duration,
    provider: 'link',
    joinOpensAt: new Date(start - 15 * 60_000).toISOString(),
    joinClosesAt: new Date(start + duration * 60_000).toISOString(),
    recording: null,
    ...rest,
  };
}

type TMember = OpAnswer<'cohortMembers'>['members'][number];

export function memberDto(over: Partial<TMember> = {}): TMember {
  return {
    studentId: 5,
    fullName: 'Ada Obi',
    email: 'ada@example.com',
    enrolledAt: '2098-12-20T10:00:00.000Z',
    progressPercent: 40,
    lastWatchedAt: '2099-01-15T18:30:00.000Z',
    idle: false,
    sessionsAttended: 1,
    ...over,
  };
}
