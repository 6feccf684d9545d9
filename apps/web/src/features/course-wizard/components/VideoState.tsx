import type { TVideoState } from '@app/contract/media';

const VIDEO_PROCESSING = 'Video: processing for streaming';
const VIDEO_READY = 'Video: ready';
const videoFailed = (reason: string | null) =>
  `Video: failed. ${reason || 'No reason was recorded.'} Upload another file.`;

/** A video's conversion state for its tutor: processing, ready, or failed with the reason. Nothing for 'none'. */
export function VideoState({ state }: { state: TVideoState | undefined }) {
  if (!state || state.videoStatus === 'none') return null;
  const text =
    state.videoStatus === 'processing'
      ? VIDEO_PROCESSING
      : state.videoStatus === 'ready'
        ? VIDEO_READY
        : videoFailed(state.videoError);
  return <span className={`video-state video-state-${state.videoStatus}`}>{text}</span>;
}
