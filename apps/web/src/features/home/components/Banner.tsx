import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { Link } from 'react-router';
import { HOME_BANNER_SLIDES } from '@app/contract/home';

/** Spec §9: the banner moves on every 3 s; a swipe of 60 px (touch or mouse) changes slide. */
export const BANNER_INTERVAL_MS = 3000;
export const SWIPE_THRESHOLD_PX = 60;

const SLIDES = HOME_BANNER_SLIDES;

/** The home banner: three slides, auto-advancing, swipeable by pointer, with dots to pick a slide. */
export function Banner() {
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
      aria-label="Highlights"
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
              aria-label={`${i + 1} of ${count}`}
              aria-hidden={i !== index}
            >
              <div className="container banner-content">
                <h2>{slide.title}</h2>
                <p>{slide.text}</p>
                {slide.cta.to.startsWith('#') ? (
                  <a href={slide.cta.to} className="btn banner-cta" tabIndex={i === index ? 0 : -1}>
                    {slide.cta.label}
                  </a>
                ) : (
                  <Link to={slide.cta.to} className="btn banner-cta" tabIndex={i === index ? 0 : -1}>
                    {slide.cta.label}
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
            aria-label={`Show slide ${i + 1}`}
            aria-current={i === index ? 'true' : undefined}
            onClick={() => setIndex(i)}
          />
        ))}
      </div>
    </section>
  );
}
