import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { Link } from '@/components/Link.tsx';
import { HOME_BANNER_SLIDES } from '@app/contract/home';
import { useT } from '@/lib/i18n/index.ts';

/** Spec §9: the banner moves on every 3 s; a swipe of 60 px (touch or mouse) changes slide. */
export const BANNER_INTERVAL_MS = 3000;
export const SWIPE_THRESHOLD_PX = 60;

const SLIDES = HOME_BANNER_SLIDES;
/** Each slide's words in the catalogs (its English is HOME_BANNER_SLIDES'). */
const SLIDE_KEYS = [
  { title: 'banner.1.title', text: 'banner.1.text', cta: 'banner.1.cta' },
  { title: 'banner.2.title', text: 'banner.2.text', cta: 'banner.2.cta' },
  { title: 'banner.3.title', text: 'banner.3.text', cta: 'banner.3.cta' },
] as const;

/** The home banner: three slides, auto-advancing, swipeable by pointer, with dots to pick a slide. */
export function Banner() {
  const t = useT();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const start = useRef<{ x: number; id: number } | null>(null);
  const swiped = useRef(false);
  const count = SLIDES.length;

  // Restarted on every change, so a manual move gets a full interval before the next automatic one.
  useEffect(() => {
    if (paused) return;
    const t = setTimeout(() => setIndex((i) => (i + 1) % count), BANNER_INTERVAL_MS);
    return () => clearTimeout(t);
  }, [index, paused, count]);

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    start.current = { x: e.clientX, id: e.pointerId };
    swiped.current = false;
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    const s = start.current;
    start.current = null;
    if (!s || s.id !== e.pointerId) return;
    const dx = e.clientX - s.x;
    if (Math.abs(dx) < SWIPE_THRESHOLD_PX) return;
    swiped.current = true;
    setIndex((i) => (dx < 0 ? (i + 1) % count : (i - 1 + count) % count));
  };

  return (
    <section
      className="banner"
      aria-roledescription="carousel"
      aria-label={t('banner.label')}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div
        className="banner-viewport"
        data-testid="banner-viewport"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (start.current = null)}
        onDragStart={(e) => e.preventDefault()}
        onClickCapture={(e) => {
          // A mouse swipe that ends on the slide's button is not a click on it.
          if (swiped.current) e.preventDefault();
          swiped.current = false;
        }}
      >
        <div className="banner-track" style={{ transform: `translateX(-${index * 100}%)` }}>
          {SLIDES.map((slide, i) => (
            <div
              key={slide.title}
              className={`banner-slide banner-slide-${i + 1}`}
              role="group"
              aria-roledescription="slide"
              aria-label={t('banner.slideOf', { n: i + 1, count })}
              aria-hidden={i !== index}
            >
              <div className="container banner-content">
                <h2>{t(SLIDE_KEYS[i]!.title)}</h2>
                <p>{t(SLIDE_KEYS[i]!.text)}</p>
                {slide.cta.to.startsWith('#') ? (
                  <a href={slide.cta.to} className="btn banner-cta" tabIndex={i === index ? 0 : -1}>
                    {t(SLIDE_KEYS[i]!.cta)}
                  </a>
                ) : (
                  <Link to={slide.cta.to} className="btn banner-cta" tabIndex={i === index ? 0 : -1}>
                    {t(SLIDE_KEYS[i]!.cta)}
                  </Link>
                )}
              </div>
            </div>
          ))}
        </div>
      </div>
      <div className="banner-dots">
        {SLIDES.map((slide, i) => (
          <button
            key={slide.title}
            type="button"
            aria-label={t('banner.showSlide', { n: i + 1 })}
            aria-current={i === index ? 'true' : undefined}
            onClick={() => setIndex(i)}
          />
        ))}
      </div>
    </section>
  );
}
