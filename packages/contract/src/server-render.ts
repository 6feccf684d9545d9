/**
 * What the server's render of a page and the browser's hydration of it share (zod-free: the web's first bundle reads
 * it): where the dehydrated query state sits, and the tiny inline script that keeps taps made before hydration.
 */

/** The script element (type application/json) holding the render's dehydrated TanStack Query state. */
export const QUERY_STATE_ID = 'query-state';

/** The window property under which early taps wait for the app (apps/web/src/lib/early-clicks.ts replays them). */
export const EARLY_CLICKS_KEY = '__earlyClicks';

/**
 * The window property holding a language picked in a rendered page's picker before the app took it over, and the
 * one holding the app's function that applies such a pick once hydrated (apps/web/src/lib/early-clicks.ts).
 */
export const EARLY_LANGUAGE_KEY = '__earlyLanguage';
export const EARLY_LANGUAGE_WAKE_KEY = '__earlyLanguageWake';

/**
 * Inline in the head of every rendered page, before the app's code: a tap on a button that React has not taken over
 * yet (no props of React's on the element) is kept, and stopped so it is not handled twice; the app clicks it again
 * once that button is live. Links and form submissions are left to the browser: they work without the app.
 * The server allows exactly this script in its Content-Security-Policy (by its hash).
 */
export const EARLY_CLICKS_SCRIPT =
  'document.addEventListener("click",function(e){' +
  'var b=e.target instanceof Element&&e.target.closest("button");' +
  'if(!b||b.type!=="button"||Object.keys(b).some(function(k){return k.indexOf("__reactProps")===0}))return;' +
  `e.stopPropagation();var w=window,q=w.${EARLY_CLICKS_KEY}=w.${EARLY_CLICKS_KEY}||[];q.push(b);q.wake&&q.wake()` +
  '},true);document.addEventListener("change",function(e){' +
  'var s=e.target;if(!(s instanceof HTMLSelectElement)||!s.closest(".language-picker")' +
  '||Object.keys(s).some(function(k){return k.indexOf("__reactProps")===0}))return;' +
  `var w=window;w.${EARLY_LANGUAGE_KEY}=s.value;w.${EARLY_LANGUAGE_WAKE_KEY}&&w.${EARLY_LANGUAGE_WAKE_KEY}()` +
  '},true)';
