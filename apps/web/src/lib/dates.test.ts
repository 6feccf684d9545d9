import { describe, expect, it } from 'vitest';
import { formatTimeCreated } from './dates.ts';

describe('formatTimeCreated', () => {
  it('reads the UTC array with a 1-based month', () => {
    expect(formatTimeCreated([2026, 11, 22, 23, 59, 0])).toBe('22 Nov 2026');
    expect(formatTimeCreated([2024, 1, 1, 0, 0, 0])).toBe('1 Jan 2024');
  });
  it('answers an empty string for a missing value', () => {
    expect(formatTimeCreated(undefined)).toBe('');
  });
});
