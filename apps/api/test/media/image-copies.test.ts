import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { IMAGE_WIDTHS, imageVariantUrl } from '@app/contract/endpoints';
import { buildMedia, upload } from '../factories-course.ts';
import { useAccounts } from '../factories.ts';
import { useTestApp } from '../harness.ts';

describe('course images: WebP copies for phones, original kept', () => {
  const t = useTestApp();
  let jpeg: Buffer;

  const [tutor] = useAccounts(t, 'tutor');
  beforeAll(async () => {
    jpeg = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#0a7d4f' } })
      .jpeg()
      .toBuffer();
  });

  const get = async (url: string) => {
    const res = await fetch(`${t.url}${url}`);
    return {
      status: res.status,
      type: res.headers.get('content-type'),
      bytes: Buffer.from(await res.arrayBuffer()),
    };
  };

  it('an upload is stored as sent and as WebP at each width', async () => {
    const up = await upload(t, tutor.token, 'image', jpeg, 'cover.jpg');
    expect(up.status).toBe(200);
    const url = up.body.url!;
    const original = await get(url);
    expect(original.type).toBe('image/jpeg');
    expect(original.bytes.equals(jpeg)).toBe(true);
    for (const width of IMAGE_WIDTHS) {
      const copy = await get(imageVariantUrl(url, width));
      expect(copy.status).toBe(200);
      expect(copy.type).toBe('image/webp');
      const meta = await sharp(copy.bytes).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(width);
      expect(meta.height).toBe(Math.round((width * 9) / 16));
    }
    expect((await get(imageVariantUrl(url, IMAGE_WIDTHS[0]))).bytes.length).toBeLessThan(jpeg.length);
  });

  it('an image stored before copies existed gets them on first request; unknown widths are refused', async () => {
    const key = await buildMedia(t, tutor, 'image');
    const copy = await get(imageVariantUrl(`/media/${key}`, IMAGE_WIDTHS[1]));
    expect(copy.status).toBe(200);
    expect(copy.type).toBe('image/webp');
    expect((await t.ctx.storage.stat(`${key}.w${IMAGE_WIDTHS[2]}.webp`))?.size).toBeGreaterThan(0);
    expect((await get(`/media/${key}.w123.webp`)).status).toBe(404);
    expect((await get('/media/images/missing.png.w360.webp')).status).toBe(404);
  });
});
