import { useCallback, useEffect, useRef, useState } from 'react';
import { API_BASE } from '@app/contract/endpoints';
import { OP_ROUTES } from '@app/contract/operation-routes';
import type { TPlayback } from '@app/contract/protection';
import { ApiError, callOp } from '@/lib/api.ts';
import { deviceId } from '@/lib/device.ts';
import { getToken } from '@/lib/session.ts';
import { t } from '@/lib/i18n/index.ts';

export type PlaybackState =
  | { status: 'starting' }
  | { status: 'ready'; playback: TPlayback }
  /** Refused or stopped: the server's words; `overLimit` offers to end the oldest stream. */
  | { status: 'refused'; message: string; overLimit: boolean; deviceProblem: boolean };

/**
 * One lesson's stream (docs/media.md): started when the player opens, a heartbeat every 30 s that renews the key
 * token (read through `keyToken`, so hls.js always sends the latest), stopped when the player closes or the page
 * is left. Seeks and quality switches stay in the same stream. `enabled` false (a downloaded lesson) starts none.
 */
export function usePlayback(courseId: number, seriesId: number, enabled: boolean) {
  const [state, setState] = useState<PlaybackState>({ status: 'starting' });
  const keyToken = useRef<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  const refuse = useCallback((err: unknown) => {
    const e = err instanceof ApiError ? err : null;
    setState({
      status: 'refused',
      // The server's words as they come; the web's own when there is no answer.
      message: e?.message ?? t('player.startFailed'),
      overLimit: e?.status === 409 && /devices already/.test(e.message),
      deviceProblem: e?.status === 403 && /device/i.test(e.message),
    });
  }, []);

  useEffect(() => {
    if (!enabled) return;
    let current: TPlayback | null = null;
    let stopped = false;
    const device = deviceId();
    setState({ status: 'starting' });
    callOp('playbackStart', { courseId, seriesId, deviceId: device })
      .then(({ playback }) => {
        if (stopped) return stop(playback.streamId);
        current = playback;
        keyToken.current = playback.keyToken;
        setState({ status: 'ready', playback });
      })
      .catch((err: unknown) => !stopped && refuse(err));
    const beat = setInterval(() => {
      if (!current) return;
      callOp('playbackBeat', { streamId: current.streamId, deviceId: device })
        .then(({ playback }) => {
          keyToken.current = playback.keyToken;
        })
        .catch((err: unknown) => {
          // No connection: the stream lives on its last beat for a while; anything else ended it.
          if (err instanceof ApiError && err.status === 0) return;
          current = null;
          keyToken.current = null;
          refuse(err);
        });
    }, 30_000);
    function stop(streamId: string) {
      const { method, path } = OP_ROUTES.playbackStop;
      const token = getToken();
      // keepalive: the stop goes out even while the page is being left, so the place is free at once.
      void fetch(`${API_BASE}${path}`, {
        method,
        keepalive: true,
        headers: { 'Content-Type': 'application/json', ...(token ? { apiKey: token } : {}) },
        body: JSON.stringify({ streamId, deviceId: device }),
      }).catch(() => undefined);
    }
    const onHide = () => current && stop(current.streamId);
    window.addEventListener('pagehide', onHide);
    return () => {
      stopped = true;
      clearInterval(beat);
      window.removeEventListener('pagehide', onHide);
      if (current) stop(current.streamId);
      current = null;
    };
  }, [courseId, seriesId, enabled, attempt, refuse]);

  /** The refusal's button: ends the account's oldest stream, then starts here. */
  const endOldest = useCallback(async () => {
    await callOp('playbackEndOldest', { deviceId: deviceId() }).catch(() => undefined);
    setAttempt((n) => n + 1);
  }, []);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  /** Tells the server the watermark was removed or hidden (the player paused). */
  const reportTamper = useCallback(
    (what: string) => {
      if (state.status !== 'ready') return;
      void callOp('playbackTamper', {
        streamId: state.playback.streamId,
        deviceId: deviceId(),
        what,
      }).catch(() => undefined);
    },
    [state],
  );
  return { state, keyToken, endOldest, retry, reportTamper };
}
