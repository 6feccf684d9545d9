import { describe, expect, it } from 'vitest';
import {
  formatDuration,
  formatLagosTime,
  formatTimeCreated,
  fromLagosInput,
  lagosInput,
  runStatus,
} from './dates.ts';

describe('formatTimeCreated', () => {
  it('reads the UTC array with a 1-based month', () => {
    expect(formatTimeCreated([2026, 11, 22, 23, 59, 0])).toBe('22 Nov 2026');
    expect(formatTimeCreated([2024, 1, 1, 0, 0, 0])).toBe('1 Jan 2024');
  });
  it('answers an empty string for a missing value', () => {
    expect(formatTimeCreated(undefined)).toBe('');
  });
});

describe('formatDuration', () => {
  it('writes minutes and seconds under an hour, hours first from an hour', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(725)).toBe('12:05');
    expect(formatDuration(3723)).toBe('1:02:03');
  });
});

describe('Lagos time (WAT, UTC+1 all year)', () => {
  it('fills a datetime-local field with the Lagos wall time and reads it back as that moment', () => {
    expect(lagosInput(new Date('2026-07-01T23:30:00Z'))).toBe('2026-07-02T00:30');
    expect(fromLagosInput('2026-07-02T00:30')).toBe('2026-07-01T23:30:00.000Z');
    expect(fromLagosInput('')).toBe('');
  });
  it('shows a moment in Lagos time', () => {
    expect(formatLagosTime('2026-03-04T23:30:00.000Z')).toBe('5 Mar 2026, 00:30');
  });
  it('says whether something is scheduled, running or ended', () => {
    const now = Date.parse('2026-05-10T12:00:00Z');
    expect(runStatus('2026-05-11T00:00:00Z', '2026-05-12T00:00:00Z', now)).toBe('Scheduled');
    expect(runStatus('2026-05-09T00:00:00Z', '2026-05-12T00:00:00Z', now)).toBe('Running');
    expect(runStatus('2026-05-01T00:00:00Z', '2026-05-10T12:00:00Z', now)).toBe('Ended');
  });
});
