import { useEffect, useRef, useState } from 'react';
import type HlsInstance from 'hls.js';
import type { TCourseProgress, TSeriesDto } from '@app/contract/courses';
import { saveProgress } from '@/features/player/api/progress.ts';
import { usePlayback } from '@/features/player/api/playback.ts';
import { keyHeaders } from '@/lib/device.ts';
import { getToken } from '@/lib/session.ts';
import { OFFLINE_PREFIX } from '@/lib/offline/paths.ts';
import { playsHlsNatively } from '@/features/player/engine.ts';
import { formatDuration } from '@/lib/dates.ts';
import { loadCaptionTracks, type CaptionTrack } from '@/features/player/captions.ts';
import {
  formatSize,
  loadCaptionChoice,
  loadDataSaver,
  loadQuality,
  loadSpeed,
  QUALITIES,
  SAVER_MAX_HEIGHT,
  saveCaptionChoice,
  saveDataSaver,
  saveQuality,
  saveSpeed,
  SPEEDS,
  type Quality,
} from '@/features/player/prefs.ts';
import { Transcript } from './Transcript.tsx';
import { Watermark } from './Watermark.tsx';
import { useT } from '@/lib/i18n/index.ts';
import { translateRefusal } from '@/lib/i18n/refusals.ts';

const SAVE_EVERY_MS = 15_000;
const SEEK_STEP = 5;

type Props = {
  lesson: TSeriesDto;
  courseId: number;
  /** Only a student who owns the course records progress. */
  trackProgress: boolean;
  /** Where to start (resume), in seconds. */
  startAt: number | null;
  onProgress?: (progress: TCourseProgress) => void;
  onReload: () => void;
  /** What the watermark of a downloaded lesson names (no stream, so no code): the viewer's masked email. */
  offlineViewer?: string;
};

/**
 * One lesson's video: the encrypted HLS ladder through hls.js (loaded here only; Safari plays HLS natively, see
 * engine.ts), within a stream of the account (api/playback.ts) whose key token hls.js sends with each key request,
 * under the watermark. Staff may also get the original MP4. Quality menu, data saver (≤ 360p), speed, captions
 * (the master playlist's subtitle renditions as the video's own text tracks, with their transcript beside it),
 * keyboard, and progress saving every 15 s, on pause, at the end and on pagehide.
 */
export function LessonPlayer({
  lesson,
  courseId,
  trackProgress,
  startAt,
  onProgress,
  onReload,
  offlineViewer,
}: Props) {
  const t = useT();
  const video = useRef<HTMLVideoElement>(null);
  const hls = useRef<HlsInstance | null>(null);
  // The link that failed: a reload brings a fresh signed link, and with it a new try.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const [engine, setEngine] = useState<'hls.js' | 'native' | 'mp4' | null>(null);
  const [quality, setQuality] = useState<Quality>(loadQuality);
  const [saver, setSaver] = useState(loadDataSaver);
  const [speed, setSpeed] = useState(loadSpeed);
  const [playingHeight, setPlayingHeight] = useState<number | null>(null);
  const [tracks, setTracks] = useState<CaptionTrack[]>([]);
  const [captionChoice, setCaptionChoice] = useState(() => loadCaptionChoice() ?? 'off');
  const [now, setNow] = useState(startAt ?? 0);
  const textTracks = useRef(new Map<string, TextTrack>());
  const position = useRef(startAt ?? 0);
  const src = lesson.hlsLink ?? lesson.videoLink;
  const failed = failedSrc !== null && failedSrc === src;
  // A downloaded lesson plays from the device with its own keys; any other ladder needs a stream and key tokens.
  const downloaded = !!lesson.hlsLink?.startsWith(OFFLINE_PREFIX);
  const { state, keyToken, endOldest, retry, reportTamper } = usePlayback(
    courseId,
    lesson.id,
    !!lesson.hlsLink && !downloaded,
  );
  const [tampered, setTampered] = useState(false);
  const stage = useRef<HTMLDivElement>(null);
  const streaming = downloaded || !lesson.hlsLink || state.status === 'ready';

  // Full screen takes the stage (the video and its watermark), never the bare video.
  useEffect(() => {
    const onChange = () => {
      if (document.fullscreenElement && document.fullscreenElement === video.current && stage.current) {
        void document.exitFullscreen().then(() => stage.current?.requestFullscreen());
      }
    };
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  // Start the engine for this lesson's link, once its stream is there.
  useEffect(() => {
    const el = video.current;
    if (!el || !src || !streaming) return;
    let cancelled = false;
    if (!lesson.hlsLink) {
      el.src = src;
      setEngine('mp4');
    } else if (downloaded && playsHlsNatively(el)) {
      // Only a downloaded lesson may play natively (its keys come from the service worker): a streamed one needs
      // hls.js, the only engine that sends the key token's headers.
      el.src = lesson.hlsLink;
      setEngine('native');
    } else {
      void import('hls.js').then(({ default: Hls }) => {
        if (cancelled) return;
        if (!Hls.isSupported()) {
          el.src = lesson.videoLink ?? '';
          setEngine('mp4');
          return;
        }
        // hls.js seeks to its own start position once the first segment is in: resume through it, or the
        // player would jump back to 0 after a seek made at loadedmetadata.
        const h = new Hls({
          startLevel: -1,
          // Captions are the player's own text tracks (above), timed on the video's clock; hls.js leaves them be.
          enableWebVTT: false,
          startPosition: position.current > 0 ? position.current : -1,
          // The key token travels in headers of the key requests only, never in a URL of the playlists.
          xhrSetup: (xhr, url) => {
            if (!new URL(url, location.href).pathname.startsWith('/media/key/')) return;
            for (const [name, value] of Object.entries(keyHeaders(keyToken.current ?? '', getToken())))
              xhr.setRequestHeader(name, value);
          },
        });
        hls.current = h;
        h.on(Hls.Events.MANIFEST_PARSED, () => applyQuality(h));
        h.on(Hls.Events.LEVEL_SWITCHED, (_e, d) => setPlayingHeight(h.levels[d.level]?.height ?? null));
        h.on(Hls.Events.ERROR, (_e, d) => {
          if (d.fatal) setFailedSrc(lesson.hlsLink);
        });
        h.loadSource(lesson.hlsLink!);
        h.attachMedia(el);
        setEngine('hls.js');
      });
    }
    return () => {
      cancelled = true;
      hls.current?.destroy();
      hls.current = null;
    };
    // The link is signed per fetch: keep the one we started with (a failure reloads).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lesson.id, failed, streaming]);

  // The lesson's captions, from its master playlist's subtitle renditions (a downloaded lesson's from the device).
  useEffect(() => {
    if (!lesson.hlsLink) return;
    let cancelled = false;
    void loadCaptionTracks(lesson.hlsLink)
      .then((found) => !cancelled && setTracks(found))
      .catch(() => {});
    return () => {
      cancelled = true;
    };
    // The link is signed per fetch: the one we started with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lesson.id]);

  // Each caption track becomes a text track of the video, once; the CC menu shows one or none.
  const captionLanguage = tracks.some((track) => track.language === captionChoice) ? captionChoice : 'off';
  useEffect(() => {
    const el = video.current;
    if (!el || typeof el.addTextTrack !== 'function' || typeof VTTCue === 'undefined') return;
    for (const track of tracks) {
      if (textTracks.current.has(track.language)) continue;
      const text = el.addTextTrack('subtitles', track.label, track.language);
      for (const cue of track.cues) text.addCue(new VTTCue(cue.start, cue.end, cue.text));
      textTracks.current.set(track.language, text);
    }
    for (const [language, text] of textTracks.current)
      text.mode = language === captionLanguage ? 'showing' : 'disabled';
  }, [tracks, captionLanguage, engine]);

  /** Fixed quality switches at once; Auto lets hls.js choose, capped at 360p by the data saver. */
  function applyQuality(h: HlsInstance, q = quality, s = saver) {
    const levels = h.levels.map((l, i) => ({ height: l.height, i }));
    const allowed = levels.filter((l) => !s || l.height <= SAVER_MAX_HEIGHT);
    const top = allowed.length ? allowed[allowed.length - 1]!.i : 0;
    if (q === 'auto') {
      h.autoLevelCapping = s ? top : -1;
      h.currentLevel = -1;
      return;
    }
    const wanted = allowed.filter((l) => l.height <= q).pop() ?? allowed[0];
    h.autoLevelCapping = -1;
    if (wanted) h.currentLevel = wanted.i;
  }

  useEffect(() => {
    if (video.current) video.current.playbackRate = speed;
  }, [speed, engine]);

  // Progress: when playback starts (the server times what it credits from there), every 15 s while playing, on
  // pause, at the end, on pagehide and when the lesson changes.
  useEffect(() => {
    if (!trackProgress) return;
    const el = video.current;
    if (!el) return;
    const send = (completed?: boolean, keepalive = false, start = false) => {
      const positionSeconds = Math.round((el.currentTime || position.current) * 10) / 10;
      if (positionSeconds <= 0 && !completed && !start) return;
      void saveProgress({ courseId, seriesId: lesson.id, positionSeconds, completed }, keepalive).then(
        (r) => r && onProgress?.(r.progress),
      );
    };
    const timer = setInterval(() => !el.paused && send(), SAVE_EVERY_MS);
    const onPause = () => !el.ended && send();
    const onEnded = () => send(true);
    const onPlay = () => send(undefined, false, true);
    const onHide = () => send(undefined, true);
    el.addEventListener('pause', onPause);
    el.addEventListener('ended', onEnded);
    el.addEventListener('play', onPlay);
    window.addEventListener('pagehide', onHide);
    return () => {
      clearInterval(timer);
      el.removeEventListener('pause', onPause);
      el.removeEventListener('ended', onEnded);
      el.removeEventListener('play', onPlay);
      window.removeEventListener('pagehide', onHide);
      send(undefined, true);
    };
  }, [trackProgress, courseId, lesson.id, onProgress]);

  if (!src) {
    return (
      <div className="player-screen player-message">
        <p>{t('player.video.none')}</p>
      </div>
    );
  }
  if (state.status === 'refused' && !downloaded) {
    return (
      <div className="player-screen player-message" role="alert">
        <p>{translateRefusal(state.message)}</p>
        {state.overLimit ? (
          <button type="button" className="btn" onClick={() => void endOldest()}>
            {t('player.stopOtherDevice')}
          </button>
        ) : state.deviceProblem ? (
          <a className="btn" href="/account-security">
            {t('player.manageDevices')}
          </a>
        ) : (
          <button type="button" className="btn" onClick={retry}>
            {t('common.tryAgain')}
          </button>
        )}
      </div>
    );
  }
  if (tampered) {
    return (
      <div className="player-screen player-message" role="alert">
        <p>{t('player.tampered')}</p>
        <button type="button" className="btn" onClick={() => location.reload()}>
          {t('player.reloadLesson')}
        </button>
      </div>
    );
  }
  if (failed) {
    return (
      <div className="player-screen player-message" role="alert">
        <p>{t('player.playFailed')}</p>
        <button type="button" className="btn" onClick={onReload}>
          {t('player.reloadVideo')}
        </button>
      </div>
    );
  }

  const markText =
    state.status === 'ready'
      ? `${state.playback.viewer} · ${state.playback.code}`
      : downloaded
        ? (offlineViewer ?? null)
        : null;
  const heights = lesson.renditions.map((r) => r.height);
  const cap = (h: number) => !saver || h <= SAVER_MAX_HEIGHT;
  const chosen =
    quality === 'auto'
      ? [...lesson.renditions].reverse().find((r) => cap(r.height))
      : [...lesson.renditions].reverse().find((r) => r.height <= quality && cap(r.height));
  const changeQuality = (q: Quality) => {
    setQuality(q);
    saveQuality(q);
    if (hls.current) applyQuality(hls.current, q, saver);
  };
  const changeSaver = (on: boolean) => {
    setSaver(on);
    saveDataSaver(on);
    if (hls.current) applyQuality(hls.current, quality, on);
  };

  return (
    <div
      className="lesson-player"
      onKeyDown={(e) => {
        const el = video.current;
        if (!el || (e.target as HTMLElement).closest('select, button, input')) return;
        if (e.key === ' ') {
          e.preventDefault();
          if (el.paused) void el.play();
          else el.pause();
        } else if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
          e.preventDefault();
          el.currentTime = Math.max(0, el.currentTime + (e.key === 'ArrowLeft' ? -SEEK_STEP : SEEK_STEP));
        }
      }}
    >
      <div className="player-stage" ref={stage}>
        <video
          ref={video}
          className="player-screen"
          controls
          autoPlay
          playsInline
          preload="metadata"
          controlsList="nodownload"
          poster={lesson.posterUrl ?? undefined}
          aria-label={t('player.videoLabel', { title: lesson.title })}
          data-engine={engine ?? undefined}
          onTimeUpdate={(e) => {
            position.current = e.currentTarget.currentTime;
            setNow(e.currentTarget.currentTime);
          }}
          onLoadedMetadata={(e) => {
            if (engine !== 'hls.js' && position.current > 0) e.currentTarget.currentTime = position.current;
            e.currentTarget.playbackRate = speed;
          }}
          onError={() => engine !== 'hls.js' && setFailedSrc(src)}
        />
        {markText && (
          <Watermark
            text={markText}
            video={video}
            onTamper={(what) => {
              setTampered(true);
              reportTamper(what);
            }}
          />
        )}
      </div>
      <div className="lesson-settings">
        <label>
          {t('player.quality')}{' '}
          <select
            value={String(quality)}
            disabled={engine !== 'hls.js'}
            onChange={(e) =>
              changeQuality(e.target.value === 'auto' ? 'auto' : (Number(e.target.value) as Quality))
            }
          >
            {QUALITIES.map((q) => (
              <option key={q} value={String(q)} disabled={q !== 'auto' && (!heights.includes(q) || !cap(q))}>
                {q === 'auto' ? t('player.qualityAuto') : `${q}p`}
              </option>
            ))}
          </select>
        </label>
        <label className="lesson-saver">
          <input type="checkbox" checked={saver} onChange={(e) => changeSaver(e.target.checked)} />{' '}
          {t('player.dataSaver', { height: SAVER_MAX_HEIGHT })}
        </label>
        {tracks.length > 0 && (
          <label>
            {t('player.captions')}{' '}
            <select
              value={captionLanguage}
              onChange={(e) => {
                setCaptionChoice(e.target.value);
                saveCaptionChoice(e.target.value);
              }}
            >
              <option value="off">{t('player.captionsOff')}</option>
              {tracks.map((track) => (
                <option key={track.language} value={track.language}>
                  {track.label}
                </option>
              ))}
            </select>
          </label>
        )}
        <label>
          {t('player.speed')}{' '}
          <select
            value={String(speed)}
            onChange={(e) => {
              const s = Number(e.target.value);
              setSpeed(s);
              saveSpeed(s);
            }}
          >
            {SPEEDS.map((s) => (
              <option key={s} value={String(s)}>
                {s}×
              </option>
            ))}
          </select>
        </label>
        <p className="muted lesson-cost">
          {lesson.durationSeconds !== null && (
            <>{t('player.length', { duration: formatDuration(lesson.durationSeconds) })}</>
          )}
          {chosen && (
            <>
              {' · '}
              {t('player.sizeAt', { size: formatSize(chosen.bytes), height: chosen.height })}
            </>
          )}
          {playingHeight !== null && (
            <span data-testid="playing-height"> · {t('player.playing', { height: playingHeight })}</span>
          )}
        </p>
      </div>
      {tracks.length > 0 && (
        <Transcript
          track={tracks.find((track) => track.language === captionLanguage) ?? tracks[0]!}
          now={now}
          onSeek={(seconds) => {
            const el = video.current;
            if (!el) return;
            el.currentTime = seconds;
            setNow(seconds);
            if (el.paused) void el.play().catch(() => {});
          }}
        />
      )}
    </div>
  );
}
