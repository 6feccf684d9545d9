import { describe, expect, it } from 'vitest';
import { playsHlsNatively } from './engine.ts';

const says = (answer: string) => ({ canPlayType: () => answer as CanPlayTypeResult });
const CHROMIUM =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
const SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 16_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.0 Mobile/15E148 Safari/604.1';

describe('which HLS player a browser gets', () => {
  it('keeps hls.js in Chromium even though it now plays HLS itself (quality menu, data saver)', () => {
    expect(playsHlsNatively(says('maybe'), { userAgent: CHROMIUM, hasMediaSource: true })).toBe(false);
  });
  it('gives Safari its own player, and any browser where hls.js cannot run (no Media Source)', () => {
    expect(playsHlsNatively(says('maybe'), { userAgent: SAFARI, hasMediaSource: true })).toBe(true);
    expect(playsHlsNatively(says('probably'), { userAgent: IPHONE, hasMediaSource: false })).toBe(true);
    expect(playsHlsNatively(says('maybe'), { userAgent: 'Other', hasMediaSource: false })).toBe(true);
  });
  it('uses hls.js where the browser cannot play HLS', () => {
    expect(playsHlsNatively(says(''), { userAgent: SAFARI, hasMediaSource: true })).toBe(false);
    expect(playsHlsNatively(says(''), { userAgent: CHROMIUM, hasMediaSource: true })).toBe(false);
  });
});
