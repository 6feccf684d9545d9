import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { IMAGE_WIDTHS } from '@app/contract/endpoints';
import type { AppContext } from '../context.ts';

/** WebP quality: small enough for a phone on mobile data, no visible blocking on course artwork. */
const WEBP_QUALITY = 72;

const VARIANT = /^(images\/.+)\.w(\d+)\.webp$/;

/** For a variant key (`images/a.jpg.w360.webp`): the original's key and the width; null for any other key. */
export function parseVariantKey(key: string): { original: string; width: number } | null {
  const m = VARIANT.exec(key);
  if (!m) return null;
  const width = Number(m[2]);
  return (IMAGE_WIDTHS as readonly number[]).includes(width) ? { original: m[1]!, width } : null;
}

export const variantKey = (original: string, width: number) => `${original}.w${width}.webp`;

/** The WebP copy of `source` at `width` px (never enlarged; animation kept). */
const toWebp = async (source: Buffer, width: number) =>
  // sharp (and libvips) load with the first image, not at start-up.
  (await import('sharp'))
    .default(source, { animated: true })
    .rotate()
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: WEBP_QUALITY, effort: 4 })
    .toBuffer();

/**
 * Makes and stores the WebP copies (IMAGE_WIDTHS) of a stored image; the original stays as it is. Returns false
 * when sharp cannot read the image (the original is then served under the copies' URLs).
 */
export async function makeImageVariants(
  ctx: Pick<AppContext, 'storage' | 'log'>,
  key: string,
): Promise<boolean> {
  const source = await buffer(await ctx.storage.read(key));
  try {
    for (const width of IMAGE_WIDTHS) {
      const out = await toWebp(source, width);
      await ctx.storage.put(variantKey(key, width), Readable.from([out]), 'image/webp');
    }
    return true;
  } catch (err) {
    ctx.log.warn({ err, key }, 'Image copies could not be made; the original is served instead');
    return false;
  }
}
