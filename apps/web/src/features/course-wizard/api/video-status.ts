import { useQuery } from '@tanstack/react-query';
import type { TVideoState } from '@app/contract/media';
import { callOp } from '@/lib/api.ts';

/** Keys of the conversion states, one per set of video URLs (sorted). */
export const videoStatusKeys = {
  of: (urls: readonly string[]) => ['video-status', urls] as const,
};

/** How often the screens ask again while a video is still being converted. */
const VIDEO_STATUS_POLL_MS = 3000;

/**
 * The conversion state of the given uploaded videos, by URL (processing, ready, or failed with a reason), asked
 * again every few seconds while any is still processing. Empty URLs are left out.
 */
export function useVideoStatus(urls: string[]): Map<string, TVideoState> {
  const wanted = [...new Set(urls.filter(Boolean))].sort();
  const query = useQuery({
    queryKey: videoStatusKeys.of(wanted),
    queryFn: ({ signal }) => callOp('videoStatus', { urls: wanted }, { signal }),
    enabled: wanted.length > 0,
    refetchInterval: (q) =>
      q.state.data?.videos.some((v) => v.videoStatus === 'processing') ? VIDEO_STATUS_POLL_MS : false,
  });
  return new Map((query.data?.videos ?? []).map((v) => [v.url, v]));
}
