// Zod-free: the web app's start script, written into index.html by the web build and allowed by the server's
// Content-Security-Policy by its hash, so both read this one text.

/** The attribute that marks the entry module's modulepreload link in index.html. */
export const ENTRY_LINK_ATTRIBUTE = 'data-entry';

/**
 * Starts the app after the document's first paint: it imports the entry module (already fetched, by its
 * modulepreload link) once a frame has been painted, or at once in a hidden tab, which paints no frames.
 */
export const START_SCRIPT =
  `const start=()=>import(document.querySelector('link[${ENTRY_LINK_ATTRIBUTE}]').href);` +
  "document.visibilityState==='hidden'?start():requestAnimationFrame(()=>setTimeout(start))";
