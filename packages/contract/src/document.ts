// Zod-free: the web app's start script, written into index.html by the web build and allowed by the server's
// Content-Security-Policy by its hash, so both read this one text.

/** The attribute that marks the entry module's modulepreload link in index.html. */
export const ENTRY_LINK_ATTRIBUTE = 'data-entry';

/**
 * Starts the app after the document's first contentful paint: it imports the entry module (already fetched, by its
 * modulepreload link) once the browser reports that paint, or after a second if it has not come by then. A hidden tab,
 * which paints nothing, starts at once; a browser that does not report paints starts a frame later.
 */
export const START_SCRIPT = [
  `let go=()=>{go=()=>{};import(document.querySelector('link[${ENTRY_LINK_ATTRIBUTE}]').href)};`,
  "if(document.visibilityState==='hidden')go();",
  "else if(self.PerformanceObserver?.supportedEntryTypes?.includes('paint')){",
  "new PerformanceObserver((l,o)=>{if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();go()}})",
  ".observe({type:'paint',buffered:true});setTimeout(()=>go(),1000)}",
  'else requestAnimationFrame(()=>setTimeout(()=>go()))',
].join('');
