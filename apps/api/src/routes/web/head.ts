import type { Locale } from '@app/contract/locales';
import { EARLY_CLICKS_SCRIPT, QUERY_STATE_ID } from '@app/contract/server-render';
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
  /** The language of the preview's words when it is not the page's (a certificate's learner's): its og:locale. */
  locale?: Locale;
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
    meta('property', 'og:locale', `${h.locale ?? 'en'}_NG`),
    h.locale && h.locale !== 'en' ? meta('property', 'og:locale:alternate', 'en_NG') : '',
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

/** The page's HTML inside the root and its dehydrated query state, as the web app's server render gives them. */
export type RootContent = { html: string; state: string | null };

/**
 * The built index.html with this page's head (between the page-head markers, which hold the defaults) and, for a
 * page the server rendered, that HTML in place of the root's placeholder, the query state the browser hydrates with,
 * and the inline script that keeps taps made before hydration.
 */
export function renderDocument(template: string, head: string, root: RootContent | null): string {
  const start = template.indexOf(HEAD_START);
  const end = template.indexOf(HEAD_END);
  let html =
    start >= 0 && end > start
      ? template.slice(0, start) + head + template.slice(end + HEAD_END.length)
      : template;
  if (!root) return html;
  const open = html.indexOf(ROOT_OPEN);
  const close = html.lastIndexOf('</div>', html.lastIndexOf('</body>'));
  if (open < 0 || close < open) return html;
  const state =
    root.state === null
      ? ''
      : `<script type="application/json" id="${QUERY_STATE_ID}">${root.state}</script>`;
  html = `${html.slice(0, open + ROOT_OPEN.length)}${root.html}</div>${state}${html.slice(close + '</div>'.length)}`;
  return root.state === null
    ? html
    : html.replace('</head>', `<script>${EARLY_CLICKS_SCRIPT}</script></head>`);
}

const ROOT_OPEN = '<div id="root">';
