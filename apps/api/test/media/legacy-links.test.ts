import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '@app/contract/common';
import type { TCourseDto } from '@app/contract/courses';
import { series } from '../../src/db/schema.ts';
import { buildStudent, buildTutor, type TestAccount } from '../factories.ts';
import { buildApprovedCourse, buildEnrolment, type TestCourse } from '../factories-course.ts';
import { startTestApp, type TestApp } from '../harness.ts';

// The lessons' original MP4s (`videoLink`): our web app (same origin) never gets them for a student or a guest; a
// spec client on another origin listed in CORS_ORIGINS still does, unless LEGACY_MP4_LINKS=false.

const SPEC_CLIENT = 'http://spec-client.test';

async function courseFor(t: TestApp, course: TestCourse, token: string | undefined, origin?: string) {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    ...(origin ? { origin } : {}),
  };
  const res = token
    ? await fetch(`${t.url}${API_BASE}/course/singlecourse/${course.id}`, {
        headers: { ...headers, apiKey: token },
      })
    : await fetch(`${t.url}${API_BASE}/course/view/singlecourse`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ courseId: course.id }),
      });
  expect(res.status).toBe(200);
  return ((await res.json()) as { coursesDto: TCourseDto }).coursesDto;
}
const originals = (dto: TCourseDto) => dto.sectionDto.flatMap((s) => s.seriesList.map((l) => l.videoLink));

describe.each<{ legacy: boolean; env: Record<string, string> }>([
  { legacy: true, env: { CORS_ORIGINS: SPEC_CLIENT } },
  { legacy: false, env: { CORS_ORIGINS: SPEC_CLIENT, LEGACY_MP4_LINKS: 'false' } },
])('LEGACY_MP4_LINKS=$legacy', ({ legacy, env }) => {
  let t: TestApp;
  let course: TestCourse;
  let buyer: TestAccount;
  beforeAll(async () => {
    t = await startTestApp({ env });
    course = await buildApprovedCourse(t, await buildTutor(t));
    buyer = await buildStudent(t);
    await buildEnrolment(t, buyer, course);
    const firstLesson = (await courseFor(t, course, undefined)).sectionDto[0]!.seriesList[0]!.id;
    await t.ctx.db.update(series).set({ preview: true }).where(eq(series.id, firstLesson));
  });
  afterAll(() => t?.close());

  it('never gives a student of our own app the originals', async () => {
    expect(originals(await courseFor(t, course, buyer.token)).every((l) => l === null)).toBe(true);
  });

  it(`${legacy ? 'gives' : 'does not give'} a spec client on CORS_ORIGINS the originals it may watch`, async () => {
    const links = originals(await courseFor(t, course, buyer.token, SPEC_CLIENT));
    if (!legacy) return expect(links.every((l) => l === null)).toBe(true);
    expect(links).toHaveLength(4);
    for (const link of links) {
      expect(link).toMatch(new RegExp(`^${t.url}/media/videos/.+\\.mp4\\?`));
      expect((await fetch(link!, { headers: { range: 'bytes=0-3' } })).status).toBe(206);
    }
    // A guest's preview lesson too, from an answer cached apart from our app's.
    for (let i = 0; i < 2; i++) {
      const guestOurs = originals(await courseFor(t, course, undefined));
      const guestSpec = originals(await courseFor(t, course, undefined, SPEC_CLIENT));
      expect(guestOurs.every((l) => l === null)).toBe(true);
      expect(guestSpec.map((l) => l !== null)).toEqual([true, false, false, false]);
    }
  });

  it('a client on an origin not listed gets no originals', async () => {
    const links = originals(await courseFor(t, course, buyer.token, 'http://elsewhere.test'));
    expect(links.every((l) => l === null)).toBe(true);
  });
});
