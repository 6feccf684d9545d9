import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import type { TCourseDto } from '@app/contract/courses';
import { accounts, courses, media, sections, series } from '../../src/db/schema.ts';
import { presentCourses } from '../../src/queries/course-answers.ts';
import { backfillCards, storedCard } from '../../src/queries/course-cards.ts';
import { courseCardRow, courseRow } from '../../src/queries/courses.ts';
import { buildStudent, buildTutor, type TestAccount } from '../factories.ts';
import { buildCourse, buildEnrolment, type TestCourse } from '../factories-course.ts';
import { useTestApp } from '../harness.ts';

/** Signed links differ by the second they were signed in: compared as "signed" or null. */
const LINKS = new Set(['courseVideoUrl', 'videoLink', 'resourceFile', 'hlsLink']);
const withoutSignatures = (dto: unknown): unknown =>
  JSON.parse(JSON.stringify(dto), (k, v: unknown) => (LINKS.has(k) && typeof v === 'string' ? 'signed' : v));

// Course cards (queries/course-cards.ts): a guest's course is sent from its stored card, which every change to what
// it shows empties in the writing transaction. The changes here go straight to the database, past the commands
// (which also empty the answer cache): the card must not depend on them.
describe('course cards', () => {
  const t = useTestApp();
  let tutor: TestAccount;
  let course: TestCourse;

  beforeAll(async () => {
    tutor = await buildTutor(t, { fullName: `Cardy ${randomUUID().slice(0, 6)}` });
    course = await buildCourse(t, tutor);
  });

  /** The course as a guest gets it when the answer is not cached (from its card once one is stored). */
  async function guestView(id = course.id): Promise<TCourseDto> {
    t.ctx.cache.answers.clear();
    const res = await t.op('viewSingleCourse', { body: { courseId: id } });
    expect(res.status).toBe(200);
    return res.body.coursesDto;
  }

  /** Reads the course as a guest and waits until its card is stored; returns the card's stamp. */
  async function builtCard(id = course.id): Promise<number> {
    await guestView(id);
    await t.ctx.cards.settled();
    const card = await storedCard(t.ctx.db, id);
    expect(card?.body).toEqual(expect.any(String));
    return card!.stamp;
  }

  const stampOf = async (id = course.id) => (await storedCard(t.ctx.db, id))!.stamp;

  it('sends a guest the same course as the presenter, preview links signed per request', async () => {
    // A free preview lesson with a transcoded video, a student and a rating: every kind of field a card holds.
    const [first] = await t.ctx.db
      .select({ id: series.id, videoRef: series.videoRef })
      .from(series)
      .innerJoin(sections, eq(sections.id, series.sectionId))
      .where(eq(sections.courseId, course.id))
      .orderBy(sections.position, series.position)
      .limit(1);
    await t.ctx.db.update(series).set({ preview: true }).where(eq(series.id, first!.id));
    await t.ctx.db
      .update(media)
      .set({
        videoStatus: 'ready',
        hlsPrefix: `hls/${randomUUID()}`,
        durationSeconds: 61.5,
        posterRef: `images/${randomUUID()}.jpg`,
        renditions: [{ height: 360, bitrateKbps: 800, bytes: 12345 }],
      })
      .where(eq(media.key, first!.videoRef));
    await buildEnrolment(t, await buildStudent(t), course);
    await t.ctx.db.update(courses).set({ ratingSum: 9, ratingCount: 2 }).where(eq(courses.id, course.id));

    const fresh = await guestView();
    await t.ctx.cards.settled();
    const fromCard = await guestView();
    const row = await courseRow(t.ctx.db, course.id);
    const [presented] = await presentCourses(t.ctx, [row!], null);
    expect(withoutSignatures(fresh)).toEqual(withoutSignatures(presented));
    expect(withoutSignatures(fromCard)).toEqual(withoutSignatures(presented));
    const lesson = fromCard.sectionDto[0]!.seriesList[0]!;
    expect(lesson).toMatchObject({ preview: true, videoStatus: 'ready', durationSeconds: 61.5 });
    expect(lesson.hlsLink).toMatch(/^\/media\/hls\//);
    expect(fromCard).toMatchObject({ studentCount: 1, averageRating: 4.5, ratingCount: 2, owned: false });
    // The other lessons are not free: no link for a guest.
    expect(fromCard.sectionDto[0]!.seriesList[1]!.videoLink).toBeNull();
  });

  it('every change to what a card shows gives it a new stamp, and the guest sees the change', async () => {
    const changes: [string, () => Promise<unknown>, (c: TCourseDto) => void][] = [
      [
        'the title',
        () => t.ctx.db.update(courses).set({ title: 'Renamed card' }).where(eq(courses.id, course.id)),
        (c) => expect(c.title).toBe('Renamed card'),
      ],
      [
        'the price',
        () => t.ctx.db.update(courses).set({ priceKobo: 123_400 }).where(eq(courses.id, course.id)),
        (c) => expect(c.nairaPrice).toBe(1234),
      ],
      [
        'a section title',
        () =>
          t.ctx.db
            .update(sections)
            .set({ title: 'Getting started' })
            .where(and2(eq(sections.courseId, course.id), eq(sections.position, 1))),
        (c) => expect(c.sectionDto[0]!.title).toBe('Getting started'),
      ],
      [
        'a new lesson',
        async () => {
          const [s] = await t.ctx.db
            .select({ id: sections.id })
            .from(sections)
            .where(and2(eq(sections.courseId, course.id), eq(sections.position, 2)));
          await t.ctx.db.insert(series).values({
            sectionId: s!.id,
            position: 3,
            title: 'Bonus lesson',
            videoRef: course.seriesVideoKeys[3]!,
          });
        },
        (c) => expect(c.sectionDto[1]!.seriesList.map((l) => l.title)).toContain('Bonus lesson'),
      ],
      [
        'a lesson removed',
        () => t.ctx.db.delete(series).where(eq(series.title, 'Bonus lesson')),
        (c) => expect(c.sectionDto[1]!.seriesList.map((l) => l.title)).not.toContain('Bonus lesson'),
      ],
      [
        "a lesson video's transcode failing",
        () =>
          t.ctx.db
            .update(media)
            .set({ videoStatus: 'failed', videoError: 'bad file' })
            .where(eq(media.key, course.seriesVideoKeys[2]!)),
        (c) => expect(c.sectionDto[1]!.seriesList[0]!.videoStatus).toBe('failed'),
      ],
      [
        "the author's name",
        () => t.ctx.db.update(accounts).set({ fullName: 'Renamed Author' }).where(eq(accounts.id, tutor.id)),
        (c) => expect(c.author).toBe('Renamed Author'),
      ],
      [
        'the status (no longer public)',
        () => t.ctx.db.update(courses).set({ status: 'Pending' }).where(eq(courses.id, course.id)),
        () => undefined,
      ],
    ];
    for (const [what, change, check] of changes) {
      const before = await builtCard();
      await change();
      expect(await stampOf(), what).toBeGreaterThan(before);
      if (what.startsWith('the status')) {
        t.ctx.cache.answers.clear();
        const res = await t.op('viewSingleCourse', { body: { courseId: course.id } });
        expect(res.status, what).toBe(404);
        continue;
      }
      check(await guestView());
    }
    await t.ctx.db.update(courses).set({ status: 'Approved' }).where(eq(courses.id, course.id));
  });

  it('a purchase or a review keeps the card, and the guest still sees the new count and rating', async () => {
    const stamp = await builtCard();
    const before = await guestView();
    await buildEnrolment(t, await buildStudent(t), course);
    await t.ctx.db
      .update(courses)
      .set({ ratingSum: sql`${courses.ratingSum} + 1`, ratingCount: sql`${courses.ratingCount} + 1` })
      .where(eq(courses.id, course.id));
    expect(await stampOf()).toBe(stamp);
    const after = await guestView();
    expect(after.studentCount).toBe(before.studentCount + 1);
    expect(after.ratingCount).toBe(before.ratingCount + 1);
  });

  it('a card built from a read older than a change is not stored', async () => {
    const other = await buildCourse(t, tutor);
    const read = await courseCardRow(t.ctx.db, other.id);
    expect(read?.cardBody).toBeNull();
    await t.ctx.db.update(courses).set({ title: 'Changed after the read' }).where(eq(courses.id, other.id));
    const stale = { body: '{"id":0,"title":"stale"}', links: [] };
    await t.ctx.cards.write([{ id: other.id, stamp: read!.cardStamp, card: stale }]);
    expect((await storedCard(t.ctx.db, other.id))?.body).not.toBe(stale.body);
    expect((await guestView(other.id)).title).toBe('Changed after the read');
  });

  it('the backfill builds the missing cards of public courses only', async () => {
    const approved = await buildCourse(t, tutor);
    const pending = await buildCourse(t, tutor, { status: 'Pending' });
    expect(await backfillCards(t.ctx)).toBeGreaterThanOrEqual(1);
    expect((await storedCard(t.ctx.db, approved.id))?.body).toEqual(expect.any(String));
    expect((await storedCard(t.ctx.db, pending.id))?.body).toBeNull();
  });
});

/** `and` of two conditions (drizzle's may return undefined). */
const and2 = (a: ReturnType<typeof eq>, b: ReturnType<typeof eq>) => sql`${a} and ${b}`;
