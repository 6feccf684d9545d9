// Regenerates the demo course covers (run by generate.sh; the app itself never runs this): each course's two
// colours as a gradient with an abstract pattern and no text, since the card prints the title and category beside it.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import sharp from 'sharp';

const here = path.dirname(fileURLToPath(import.meta.url));
const { courses } = JSON.parse(readFileSync(path.join(here, 'courses.json'), 'utf8'));

/** A small deterministic generator per course, so a rerun draws the same picture. */
function random(seed) {
  let s = [...seed].reduce((a, c) => (a * 31 + c.charCodeAt(0)) >>> 0, 7);
  return () => (s = (s * 1103515245 + 12345) >>> 0) / 2 ** 32;
}

/** A course's cover as SVG (1280×720): its colours, circles, bars and a code glyph; no text. */
export function cover(course) {
  const [c0, c1] = course.colors.map((c) => `#${c.slice(2)}`);
  const next = random(course.title);
  const circles = Array.from({ length: 7 }, () => {
    const r = 30 + next() * 160;
    return `<circle cx="${(next() * 1280).toFixed(0)}" cy="${(next() * 720).toFixed(0)}" r="${r.toFixed(0)}" fill="#fff" fill-opacity="${(0.05 + next() * 0.1).toFixed(2)}"/>`;
  }).join('');
  const bars = Array.from({ length: 5 }, (_, i) => {
    const w = 180 + next() * 420;
    return `<rect x="120" y="${250 + i * 56}" width="${w.toFixed(0)}" height="22" rx="11" fill="#fff" fill-opacity="${(0.18 + 0.1 * (i % 2)).toFixed(2)}"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c0}"/><stop offset="1" stop-color="${c1}"/></linearGradient></defs>
  <rect width="1280" height="720" fill="url(#g)"/>${circles}
  <rect x="80" y="180" width="640" height="380" rx="28" fill="#000" fill-opacity="0.18"/>${bars}
  <path d="M930 250 L830 360 L930 470" stroke="#fff" stroke-opacity="0.55" stroke-width="34" fill="none" stroke-linecap="round" stroke-linejoin="round"/>
  <path d="M1090 250 L1190 360 L1090 470" stroke="#fff" stroke-opacity="0.55" stroke-width="34" fill="none" stroke-linecap="round" stroke-linejoin="round"/>
</svg>`;
}

/** Writes each course's cover as the 640×360 JPEG the seed uploads. */
export const writeCover = (course, file = path.join(here, course.image)) =>
  sharp(Buffer.from(cover(course)))
    .resize(640, 360)
    .jpeg({ quality: 70, mozjpeg: true })
    .toFile(file);

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const course of courses) {
    await writeCover(course);
    console.log(course.image);
  }
}
