import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: the generator is a plain ES module beside the pictures it draws (run by generate.sh).
import { cover } from '../../assets/demo/covers.mjs';
import { demoAssetsDir } from '../../src/commands/seed-demo.ts';

type DemoCourse = { title: string; image: string; colors: [string, string] };
const dir = demoAssetsDir()!;
const { courses } = JSON.parse(readFileSync(path.join(dir, 'courses.json'), 'utf8')) as {
  courses: DemoCourse[];
};
const draw = cover as (course: DemoCourse) => string;

/** Raw RGB of a picture at the cover's size on the card. */
const pixels = async (input: Buffer | string) =>
  sharp(input).resize(640, 360, { fit: 'fill' }).removeAlpha().raw().toBuffer();

// The card prints the title and the category beside the picture, so a cover that printed them too would repeat
// them, cut off. The covers are drawn from shapes only, and the pictures the seed uploads are those drawings.
describe('the demo covers', () => {
  it.each(courses.map((c) => [c.title, c] as const))(
    '%s: shapes without text, as committed',
    async (_, course) => {
      const svg = draw(course);
      expect(svg).not.toMatch(/<text|<tspan|<foreignObject/);
      for (const word of course.title.split(/\s+/).filter((w) => w.length >= 4))
        expect(svg).not.toContain(word);

      const [drawn, committed] = await Promise.all([
        pixels(Buffer.from(svg)),
        pixels(path.join(dir, course.image)),
      ]);
      let diff = 0;
      for (let i = 0; i < drawn.length; i++) diff += Math.abs(drawn[i]! - committed[i]!);
      // JPEG at quality 70 moves each channel by a few levels; another picture differs by tens.
      expect(diff / drawn.length).toBeLessThan(4);
    },
  );
});
