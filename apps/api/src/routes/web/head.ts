/** What the server writes into a page's <head> so links preview without JavaScript (crawlers run none). */
export type PageHead = {
  title: string;
  description: string;
  /** Absolute URL of the page without its query. */
  canonical: string;
  /** Absolute URL of the preview image. */
  image?: string;
  imageAlt?: string;
  /** Course pages: the price in naira, as a number and as shown (₦15,000). */
  price?: { amount: number; shown: string };
  type: 'website' | 'product';
  /** The first screen's largest image, fetched at once with the same srcset/sizes as the page's <img>. */
  preloadImage?: { src: string; srcSet?: string; sizes?: string };
  /** Pages a search engine should leave out (an unknown course). */
  noindex?: boolean;
};

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text safe inside an HTML attribute or element (the five characters HTML gives meaning to). */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** JSON safe inside a <script> element: no `</script>` or `<!--` can be formed. */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** A description short enough for a preview card: whitespace collapsed, cut at a word near `max` characters. */
export function summary(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}

const NAIRA = new Intl.NumberFormat('en-NG', { minimumFractionDigits: 0, maximumFractionDigits: 2 });
/** ₦ with thousands separators, as the web app shows prices. */
export const formatNaira = (amount: number) => `₦${NAIRA.format(amount)}`;

/** The <title>, description, canonical link, Open Graph and Twitter tags of one page. */
export function renderHead(h: PageHead): string {
  const meta = (attr: 'name' | 'property', key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`;
  const tags = [
    `<title>${escapeHtml(h.title)}</title>`,
    meta('name', 'description', h.description),
    `<link rel="canonical" href="${escapeHtml(h.canonical)}" />`,
    h.noindex ? meta('name', 'robots', 'noindex') : '',
    h.preloadImage
      ? `<link rel="preload" as="image" href="${escapeHtml(h.preloadImage.src)}"` +
        (h.preloadImage.srcSet ? ` imagesrcset="${escapeHtml(h.preloadImage.srcSet)}"` : '') +
        (h.preloadImage.sizes ? ` imagesizes="${escapeHtml(h.preloadImage.sizes)}"` : '') +
        ' fetchpriority="high" />'
      : '',
    meta('property', 'og:site_name', 'DevLearn'),
    meta('property', 'og:type', h.type),
    meta('property', 'og:title', h.title),
    meta('property', 'og:description', h.description),
    meta('property', 'og:url', h.canonical),
    meta('property', 'og:locale', 'en_NG'),
    h.image ? meta('property', 'og:image', h.image) : '',
    h.image && h.imageAlt ? meta('property', 'og:image:alt', h.imageAlt) : '',
    h.price ? meta('property', 'product:price:amount', String(h.price.amount)) : '',
    h.price ? meta('property', 'product:price:currency', 'NGN') : '',
    meta('name', 'twitter:card', h.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', h.title),
    meta('name', 'twitter:description', h.description),
    h.image ? meta('name', 'twitter:image', h.image) : '',
    h.price ? meta('name', 'twitter:label1', 'Price') : '',
    h.price ? meta('name', 'twitter:data1', h.price.shown) : '',
  ];
  return tags.filter(Boolean).join('\n    ');
}

const HEAD_START = '<!--page-head-->';
const HEAD_END = '<!--/page-head-->';

/**
 * The built index.html with this page's head (between the page-head markers, which hold the defaults), the API
 * answers the server already has, embedded as JSON the web app reads instead of asking again, and the page's own
 * HTML inside the root when it has one.
 */
export function renderDocument(
  template: string,
  head: string,
  preload: { elementId: string; answers: Record<string, unknown> } | null,
  /** HTML for inside the root, after the painted header (the page read without JavaScript). */
  body?: string,
): string {
  const start = template.indexOf(HEAD_START);
  const end = template.indexOf(HEAD_END);
  let html =
    start >= 0 && end > start
      ? template.slice(0, start) + head + template.slice(end + HEAD_END.length)
      : template;
  if (body) {
    const root = html.indexOf('<div id="root">');
    const header = root >= 0 ? html.indexOf('</header>', root) : -1;
    const at = header >= 0 ? header + '</header>'.length : root >= 0 ? root + '<div id="root">'.length : -1;
    if (at >= 0) html = html.slice(0, at) + body + html.slice(at);
  }
  if (preload && Object.keys(preload.answers).length > 0) {
    const script = `<script type="application/json" id="${preload.elementId}">${scriptJson(preload.answers)}</script>`;
    html = html.replace('</body>', `${script}\n  </body>`);
  }
  return html;
}
