import type { TVideoState } from '@app/contract/media';
import { useT } from '@/lib/i18n/index.ts';

/** A video's conversion state for its tutor: processing, ready, or failed with the reason. Nothing for 'none'. */
export function VideoState({ state }: { state: TVideoState | undefined }) {
  const t = useT();
  if (!state || state.videoStatus === 'none') return null;
  const text =
    state.videoStatus === 'processing'
      ? t('wizard.video.processing')
      : state.videoStatus === 'ready'
        ? t('wizard.video.ready')
        : t('wizard.video.failed', { reason: state.videoError || t('wizard.video.noReason') });
  return <span className={`video-state video-state-${state.videoStatus}`}>{text}</span>;
}
