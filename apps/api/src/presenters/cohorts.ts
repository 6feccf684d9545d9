import { koboToNaira } from '@app/contract/money';
import type { TCohortDto, TCohortSchedule } from '@app/contract/cohorts';
import { lagosText } from '../lib/cohort-clock.ts';
import { cohortStatus, joinWindow, type CohortFacts } from '../policies/cohort.ts';
import { ruleOpensAt, type ReleaseRule } from '../policies/release.ts';

type CohortRowIn = CohortFacts & {
  id: number;
  courseId: number;
  name: string;
  capacity: number;
  priceKobo: number | null;
};

/** A cohort as the course page and the tutor see it, with its seats left at `now`. */
export function cohortDto(c: CohortRowIn, seatsTaken: number, now: Date): TCohortDto {
  const seatsLeft = Math.max(0, c.capacity - seatsTaken);
  const status = cohortStatus(c, now);
  const when =
    status === 'scheduled' ? `Starts ${lagosText(c.startsAt)}` : `Started ${lagosText(c.startsAt)}`;
  return {
    id: c.id,
    courseId: c.courseId,
    name: c.name,
    startsAt: c.startsAt.toISOString(),
    endsAt: c.endsAt.toISOString(),
    enrolOpensAt: c.enrolOpensAt.toISOString(),
    enrolClosesAt: c.enrolClosesAt.toISOString(),
    capacity: c.capacity,
    seatsTaken,
    seatsLeft,
    nairaPrice: c.priceKobo === null ? null : koboToNaira(c.priceKobo),
    status,
    summary: `${when} · ${seatsLeft} of ${c.capacity} seats left`,
  };
}

/** A live session without its room, passwords or link (those go only to who may join, at the join). */
export function sessionDto(s: {
  id: number;
  cohortId: number;
  title: string;
  startsAt: Date;
  durationMinutes: number;
  provider: 'jitsi' | 'bbb' | 'link';
  recording: string | null;
}) {
  const { opens, closes } = joinWindow(s);
  return {
    id: s.id,
    cohortId: s.cohortId,
    title: s.title,
    startsAt: s.startsAt.toISOString(),
    durationMinutes: s.durationMinutes,
    provider: s.provider,
    joinOpensAt: opens.toISOString(),
    joinClosesAt: closes.toISOString(),
    recording: s.recording,
  };
}

/**
 * A cohort's timetable for anyone (the course page): when each section opens for its members (a date when the
 * rule names one from the cohort's start or the calendar) and its sessions, without links.
 */
export function cohortSchedule(
  cohort: { id: number; startsAt: Date },
  sectionRows: { id: number; title: string; rule: ReleaseRule | null }[],
  sessions: { id: number; cohortId: number; title: string; startsAt: Date; durationMinutes: number }[],
): TCohortSchedule {
  return {
    cohortId: cohort.id,
    sections: sectionRows.map(({ id, title, rule }) => {
      const opensAt =
        rule === null
          ? cohort.startsAt
          : rule.kind === 'cohort_day' || rule.kind === 'date'
            ? ruleOpensAt(rule, { cohort, enrolledAt: cohort.startsAt })
            : null;
      return {
        sectionId: id,
        title,
        kind: rule?.kind ?? 'start',
        days: rule?.days ?? 0,
        opensAt: opensAt?.toISOString() ?? null,
      };
    }),
    sessions: sessions
      .filter((s) => s.cohortId === cohort.id)
      .map((s) => ({
        id: s.id,
        title: s.title,
        startsAt: s.startsAt.toISOString(),
        durationMinutes: s.durationMinutes,
      })),
  };
}
