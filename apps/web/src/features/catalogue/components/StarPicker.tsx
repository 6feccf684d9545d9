import { useRef, type KeyboardEvent } from 'react';
import { useT } from '@/lib/i18n/index.ts';

const STARS = [1, 2, 3, 4, 5] as const;

/**
 * The rating as five stars: a radio group ('1 star' … '5 stars') whose arrow keys move and choose, as a radio group
 * does (Right/Up one more, Left/Down one less, Home/End the ends); the stars up to the choice are lit.
 */
export function StarPicker({
  name,
  value,
  onChange,
  legend,
}: {
  name: string;
  value: number;
  onChange: (n: number) => void;
  legend?: string;
}) {
  const t = useT();
  const starName = (count: number) => t('reviews.starChoice', { count });
  legend ??= t('reviews.yourRating');
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const choose = (n: number) => {
    onChange(n);
    inputs.current[n - 1]?.focus();
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>, n: number) => {
    const next =
      e.key === 'ArrowRight' || e.key === 'ArrowUp'
        ? Math.min(5, n + 1)
        : e.key === 'ArrowLeft' || e.key === 'ArrowDown'
          ? Math.max(1, n - 1)
          : e.key === 'Home'
            ? 1
            : e.key === 'End'
              ? 5
              : null;
    if (next === null) return;
    e.preventDefault();
    choose(next);
  };
  return (
    <fieldset className="star-input" role="radiogroup" aria-label={legend}>
      <legend>{legend}</legend>
      <div className="star-options">
        {STARS.map((n) => (
          <label key={n} className={`star-option ${n <= value ? 'star-lit' : ''}`} title={starName(n)}>
            <input
              ref={(el) => {
                inputs.current[n - 1] = el;
              }}
              type="radio"
              className="visually-hidden"
              name={name}
              value={n}
              aria-label={starName(n)}
              checked={value === n}
              // The first star takes the Tab stop while nothing is chosen, as a radio group's first one does.
              tabIndex={value === n || (value === 0 && n === 1) ? 0 : -1}
              onChange={() => onChange(n)}
              onKeyDown={(e) => onKey(e, value)}
            />
            <span aria-hidden="true">★</span>
          </label>
        ))}
        <span className="star-choice muted" aria-hidden="true">
          {value ? starName(value) : ''}
        </span>
      </div>
    </fieldset>
  );
}
