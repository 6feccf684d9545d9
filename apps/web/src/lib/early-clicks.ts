import { isLocale, type Locale } from '@app/contract/locales';
import { EARLY_CLICKS_KEY, EARLY_LANGUAGE_KEY, EARLY_LANGUAGE_WAKE_KEY } from '@app/contract/server-render';

type Queue = Element[] & { wake?: () => void };

const live = (el: Element) => Object.keys(el).some((k) => k.startsWith('__reactProps'));

/**
 * Taps on a server-rendered page's buttons before the app took them over are kept by the page's inline script
 * (EARLY_CLICKS_SCRIPT); once the app is hydrated this clicks each one again as soon as React owns that button (a
 * lazy screen's buttons are taken over when its code has arrived), so a tap right after load is never lost.
 * Buttons that left the page meanwhile are dropped. Keeps listening: a tap on a part still waiting is replayed too.
 */
export function replayEarlyClicks() {
  const w = window as unknown as Record<string, Queue | undefined>;
  const queue: Queue = (w[EARLY_CLICKS_KEY] ??= []);
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Live at one run, clicked at the next: by then the render that follows hydration (the signed-in visitor's own
  // state: session, cart) has been committed, and the click acts on it.
  const seen = new WeakSet<Element>();
  const run = () => {
    timer = undefined;
    for (let i = 0; i < queue.length;) {
      const el = queue[i]!;
      if (!el.isConnected) queue.splice(i, 1);
      else if (seen.has(el)) {
        queue.splice(i, 1);
        (el as HTMLElement).click();
      } else {
        if (live(el)) seen.add(el);
        i++;
      }
    }
    if (queue.length > 0) timer = setTimeout(run, 50);
  };
  queue.wake = () => {
    timer ??= setTimeout(run, 0);
  };
  queue.wake();
}

/**
 * A language picked in a rendered page's picker before the app took it over (kept by the same inline script): once
 * the app is hydrated, `choose` applies it, and any picked later but still before React owns the picker. Returns
 * the language waiting now, if any, so the caller does not apply another over it.
 */
export function replayEarlyLanguage(choose: (locale: Locale) => void): Locale | null {
  const w = window as unknown as Record<string, unknown>;
  const take = (): Locale | null => {
    const value = w[EARLY_LANGUAGE_KEY];
    delete w[EARLY_LANGUAGE_KEY];
    return isLocale(value) ? value : null;
  };
  w[EARLY_LANGUAGE_WAKE_KEY] = () => {
    const later = take();
    if (later) choose(later);
  };
  const now = take();
  if (now) choose(now);
  return now;
}
