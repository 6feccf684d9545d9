import { describe, expect, it } from 'vitest';
import { formatDuration, formatTimeCreated } from './dates.ts';

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
