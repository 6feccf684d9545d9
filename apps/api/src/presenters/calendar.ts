// iCalendar (RFC 5545) text of live sessions and deadlines: the `.ics` of one session and a student's feed.

export type CalendarEvent = {
  uid: string;
  title: string;
  start: Date;
  end: Date;
  description?: string;
  url?: string;
};

/** 20270112T080000Z */
const stamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** TEXT escaping: backslash, semicolon, comma and newlines. */
const text = (s: string) =>
  s.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** Lines longer than 75 octets are folded (a CRLF and a space). */
function fold(line: string): string {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let start = 0;
  while (start < bytes.length) {
    let end = Math.min(bytes.length, start + (start === 0 ? 75 : 74));
    // Never split a UTF-8 sequence.
    while (end < bytes.length && (bytes[end]! & 0xc0) === 0x80) end--;
    parts.push(bytes.subarray(start, end).toString('utf8'));
    start = end;
  }
  return parts.join('\r\n ');
}

/** A VCALENDAR of events, in UTC, with CRLF line ends. */
export function icsCalendar(name: string, events: CalendarEvent[], now = new Date()): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//DevLearn//Cohorts//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${text(name)}`,
    'X-WR-TIMEZONE:Africa/Lagos',
  ];
  for (const e of events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${e.uid}`,
      `DTSTAMP:${stamp(now)}`,
      `DTSTART:${stamp(e.start)}`,
      `DTEND:${stamp(e.end)}`,
      `SUMMARY:${text(e.title)}`,
    );
    if (e.description) lines.push(`DESCRIPTION:${text(e.description)}`);
    if (e.url) lines.push(`URL:${e.url}`);
    lines.push('END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return lines.map(fold).join('\r\n') + '\r\n';
}

/** A live session as an event (its join page, never its link or token). */
export const sessionEvent = (
  s: { id: number; title: string; startsAt: Date; durationMinutes: number },
  cohort: { name: string },
  publicUrl: string,
): CalendarEvent => ({
  uid: `session-${s.id}@devlearn`,
  title: s.title,
  start: s.startsAt,
  end: new Date(s.startsAt.getTime() + s.durationMinutes * 60_000),
  description: `Live class of ${cohort.name}. Join from DevLearn.`,
  url: `${publicUrl}/live/${s.id}`,
});

/** A deadline as a 30-minute event ending when it is due. */
export const deadlineEvent = (
  d: { id: number; title: string; dueAt: Date },
  publicUrl: string,
  courseId: number,
) => ({
  uid: `deadline-${d.id}@devlearn`,
  title: `Due: ${d.title}`,
  start: new Date(d.dueAt.getTime() - 30 * 60_000),
  end: d.dueAt,
  url: `${publicUrl}/view-course/${courseId}`,
});

/** An assignment's due date in a cohort, as a 30-minute event ending when it is due. */
export const assignmentDueEvent = (
  a: { id: number; cohortId: number; title: string; dueAt: Date },
  publicUrl: string,
) => ({
  uid: `assignment-${a.id}-${a.cohortId}@devlearn`,
  title: `Due: ${a.title}`,
  start: new Date(a.dueAt.getTime() - 30 * 60_000),
  end: a.dueAt,
  url: `${publicUrl}/home/assignment/${a.id}`,
});
