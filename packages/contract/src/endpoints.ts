/** Every API path hangs under this base (the paths: operation-routes.ts). Zod-free, so the web's first bundle need not load zod. */
export const API_BASE = '/dl/api/v1';

/** Widths (px) of the WebP copies the server makes of every course image: phone cards, 2x phones, wide screens. */
export const IMAGE_WIDTHS = [360, 720, 1080] as const;

/** Course images the server stores (and so has WebP copies of) live here. */
export const IMAGE_PATH_PREFIX = '/media/images/';

/** The path of a relative or absolute URL ('' when it is neither). */
function pathOf(url: string): string {
  if (url.startsWith('/')) return url;
  const absolute = /^https?:\/\/[^/?#\s]+(\/[^\s]*)$/i.exec(url);
  return absolute?.[1] ?? '';
}

/** The URL of the WebP copy `width` px wide of a stored image (`/media/images/a.jpg` → `/media/images/a.jpg.w360.webp`). */
export const imageVariantUrl = (url: string, width: number) => `${url}.w${width}.webp`;

/** How wide a course card's image shows: one column on phones, two on small tablets, then about 300 px. */
export const CARD_IMAGE_SIZES = '(max-width: 560px) calc(100vw - 2rem), (max-width: 820px) 50vw, 300px';
/** How wide the course page's image shows: full width on phones, the 340 px price card beside the text on wide screens. */
export const DETAIL_IMAGE_SIZES = '(max-width: 760px) calc(100vw - 2rem), 340px';

/**
 * `src`, `srcSet` and `sizes` of a course image: the server's WebP copies when it stored the image, the URL as it is
 * otherwise. The server preloads the first screen's image with the same values, so the browser fetches it once.
 */
export function imageSources(url: string, sizes: string): { src: string; srcSet?: string; sizes?: string } {
  // With CORS_ORIGINS set the server answers media URLs absolute (PUBLIC_URL/media/…): the same stored image.
  if (!pathOf(url).startsWith(IMAGE_PATH_PREFIX)) return { src: url };
  return {
    src: imageVariantUrl(url, IMAGE_WIDTHS[1]),
    srcSet: IMAGE_WIDTHS.map((w) => `${imageVariantUrl(url, w)} ${w}w`).join(', '),
    sizes,
  };
}
