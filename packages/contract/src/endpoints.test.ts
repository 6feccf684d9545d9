import { describe, expect, it } from 'vitest';
import { CARD_IMAGE_SIZES, imageSources } from './endpoints.ts';

describe('imageSources', () => {
  it('offers the WebP copies of a stored image, relative or absolute (CORS_ORIGINS answers absolute URLs)', () => {
    for (const url of ['/media/images/a.png', 'http://api.example:3000/media/images/a.png']) {
      expect(imageSources(url, CARD_IMAGE_SIZES)).toEqual({
        src: `${url}.w720.webp`,
        srcSet: `${url}.w360.webp 360w, ${url}.w720.webp 720w, ${url}.w1080.webp 1080w`,
        sizes: CARD_IMAGE_SIZES,
      });
    }
  });

  it('leaves any other image as it is', () => {
    for (const url of ['https://cdn.example/a.png', 'http://host/media/videos/a.mp4', 'not a url'])
      expect(imageSources(url, CARD_IMAGE_SIZES)).toEqual({ src: url });
  });
});
