const HLS_TYPE = 'application/vnd.apple.mpegurl';

/**
 * Whether the browser should play HLS itself instead of through hls.js: Safari (Apple's player) and browsers where
 * hls.js cannot run (no Media Source). Chromium also answers `canPlayType` for HLS now, but there hls.js gives the
 * quality menu and the data saver, so it keeps hls.js.
 */
export function playsHlsNatively(
  video: Pick<HTMLVideoElement, 'canPlayType'>,
  browser: { userAgent: string; hasMediaSource: boolean } = {
    userAgent: navigator.userAgent,
    hasMediaSource: 'MediaSource' in window || 'ManagedMediaSource' in window,
  },
): boolean {
  if (!video.canPlayType(HLS_TYPE)) return false;
  const safari =
    /safari/i.test(browser.userAgent) && !/chrome|chromium|crios|android|edg/i.test(browser.userAgent);
  return safari || !browser.hasMediaSource;
}
