import { describe, expect, it } from 'vitest';
import { videoLengthText } from './certificates.ts';

const seconds = (s: number) => s / 3600;

describe('videoLengthText', () => {
  it('gives minutes under an hour, and never 0', () => {
    expect(videoLengthText(seconds(48))).toBe('1 minute');
    expect(videoLengthText(seconds(5))).toBe('1 minute');
    expect(videoLengthText(0)).toBe('1 minute');
    expect(videoLengthText(seconds(150))).toBe('3 minutes');
    expect(videoLengthText(seconds(59 * 60))).toBe('59 minutes');
  });

  it('gives hours to one decimal place from an hour on', () => {
    expect(videoLengthText(seconds(59 * 60 + 45))).toBe('1 hour');
    expect(videoLengthText(1)).toBe('1 hour');
    expect(videoLengthText(seconds(90 * 60))).toBe('1.5 hours');
    expect(videoLengthText(2)).toBe('2 hours');
  });
});
