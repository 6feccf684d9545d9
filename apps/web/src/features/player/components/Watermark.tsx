import { useEffect, useRef, type RefObject } from 'react';

const MOVE_EVERY_MS = 4000;
const CHECK_EVERY_MS = 1000;

/** Why the overlay no longer shows, or null while it does (removed, hidden, see-through, shrunk or moved away). */
export function overlayProblem(mark: HTMLElement, frame: HTMLElement): string | null {
  if (!mark.isConnected || !frame.contains(mark)) return 'removed';
  const style = getComputedStyle(mark);
  if (style.display === 'none') return 'display none';
  if (style.visibility !== 'visible') return `visibility ${style.visibility}`;
  if (Number(style.opacity) < 0.2) return `opacity ${style.opacity}`;
  const box = mark.getBoundingClientRect();
  if (box.width < 20 || box.height < 8) return 'shrunk';
  const area = frame.getBoundingClientRect();
  if (box.right < area.left || box.left > area.right || box.bottom < area.top || box.top > area.bottom)
    return 'moved away';
  for (let el = frame.parentElement; el; el = el.parentElement) {
    const s = getComputedStyle(el);
    if (s.display === 'none' || Number(s.opacity) < 0.2) return 'hidden';
  }
  return null;
}

/**
 * The moving, semi-transparent mark over the player that names the viewer and the stream's code (an admin finds
 * the viewer of a leaked recording by it). It is made outside React, so removing it by hand does not break the
 * page: a MutationObserver and a check of its computed style every second notice, pause the video and call
 * `onTamper` once.
 */
export function Watermark({
  text,
  video,
  onTamper,
}: {
  text: string;
  video: RefObject<HTMLVideoElement | null>;
  onTamper: (what: string) => void;
}) {
  const frame = useRef<HTMLDivElement>(null);
  const report = useRef(onTamper);
  report.current = onTamper;

  useEffect(() => {
    const box = frame.current;
    if (!box) return;
    const mark = document.createElement('div');
    mark.className = 'watermark';
    mark.setAttribute('data-testid', 'watermark');
    mark.setAttribute('aria-hidden', 'true');
    mark.textContent = text;
    box.appendChild(mark);
    const move = () => {
      mark.style.left = `${5 + Math.random() * 55}%`;
      mark.style.top = `${5 + Math.random() * 75}%`;
    };
    move();
    let tampered = false;
    const check = () => {
      if (tampered) return;
      const problem = overlayProblem(mark, box);
      if (!problem) return;
      tampered = true;
      video.current?.pause();
      report.current(problem);
    };
    const observer = new MutationObserver(check);
    observer.observe(box, { childList: true, subtree: true, attributes: true, characterData: true });
    observer.observe(mark, { attributes: true, characterData: true, childList: true });
    const mover = setInterval(move, MOVE_EVERY_MS);
    const checker = setInterval(check, CHECK_EVERY_MS);
    // A paused video that is told to play while the mark is gone pauses again.
    const el = video.current;
    const onPlay = () => {
      if (tampered) el?.pause();
    };
    el?.addEventListener('play', onPlay);
    return () => {
      observer.disconnect();
      clearInterval(mover);
      clearInterval(checker);
      el?.removeEventListener('play', onPlay);
      mark.remove();
    };
  }, [text, video]);

  return <div ref={frame} className="watermark-frame" />;
}
