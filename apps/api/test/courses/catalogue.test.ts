import { beforeAll, describe, expect, it } from 'vitest';
import { categoryLabel, COURSE_CATEGORIES, COURSE_GROUPS } from '@app/contract/categories';
import type { TCourseDto } from '@app/contract/courses';
import { FEATURED_CATEGORIES } from '@app/contract/courses';
import { FEATURED_CATEGORY_TILES } from '@app/contract/catalogue';

import { buildAdmin, buildStudent, buildTutor, type TestAccount } from '../factories.ts';
import { buildCourse, buildEnrolment, type TestCourse } from '../factories-course.ts';
import { useTestApp } from '../harness.ts';

// The trailer (courseVideoUrl) of a published course is public: test/media/trailer.test.ts.
const hasNoMedia = (c: TCourseDto) =>
  c.sectionDto.every((s) => s.seriesList.every((x) => x.videoLink === null && x.resourceFile === null));

// On PostgreSQL every test file shares one database, so these courses are dated in the future (they list
// first), keeping assertions about other files' data out.
const future = (day: number) => new Date(Date.UTC(2100, 0, day));

describe('public catalogue', () => {
  const t = useTestApp();
  let tutor: TestAccount;
  let approved: TestCourse;
  let pending: TestCourse;
  beforeAll(async () => {
    tutor = await buildTutor(t, { fullName: `Chidi Okafor ${Math.random().toString(36).slice(2, 8)}` });
    approved = await buildCourse(t, tutor, {
      title: 'Kubernetes in Production',
      category: 'DevopsEngineer',
      createdAt: future(2),
    });
    await buildCourse(t, tutor, {
      title: 'React for Beginners',
      category: 'FrontendEngineer',
      createdAt: future(3),
    });
    pending = await buildCourse(t, tutor, {
      title: 'Kubernetes Draft',
      status: 'Pending',
      category: 'DevopsEngineer',
      createdAt: future(4),
    });
    await buildCourse(t, tutor, {
      title: 'Kubernetes Rejected',
      status: 'Rejected',
      category: 'DevopsEngineer',
      createdAt: future(5),
    });
  });

  it('lists course groups, and the categories of one group only', async () => {
    const groups = await t.op('courseGroups');
    expect(groups.status).toBe(200);
    const codes = groups.body.courseGroups.map((g) => g.code);
    expect(codes).toContain('SoftwareEngineering');
    const all: string[] = [];
    for (const g of groups.body.courseGroups) {
      const res = await t.op('courseCategories', { params: { group: g.code } });
      expect(res.status).toBe(200);
      expect(res.body.courseCategories.length).toBeGreaterThan(0);
      all.push(...res.body.courseCategories.map((c) => c.code));
    }
    expect(all).toEqual(expect.arrayContaining([...FEATURED_CATEGORIES]));
    const qa = await t.op('courseCategories', { params: { group: 'QualityAssurance' } });
    expect(qa.body.courseCategories.map((c) => c.code).sort()).toEqual([
      'AutomationTester',
      'SoftwareTester',
    ]);
    const unknown = await t.op('courseCategories', { params: { group: 'Cooking' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.responseDto.message).toBe('Course group "Cooking" does not exist.');
  });

  it("names every group and category from the contract's one table (no raw code, no second name)", async () => {
    const groups = (await t.op('courseGroups')).body.courseGroups;
    expect(groups.map((g) => [g.code, g.description])).toEqual(
      expect.arrayContaining(COURSE_GROUPS.map((g) => [g.code, g.label])),
    );
    for (const g of groups) {
      const categories = (await t.op('courseCategories', { params: { group: g.code } })).body
        .courseCategories;
      const named = categories.map((c) => [c.code, c.description]);
      expect(named).toEqual(named.map(([code]) => [code, categoryLabel(code!)]));
      expect(named).toEqual(
        expect.arrayContaining(
          COURSE_CATEGORIES.filter((c) => c.group === g.code).map((c) => [c.code, c.label]),
        ),
      );
    }
    const featured = FEATURED_CATEGORY_TILES.map((c) => [c.code, c.label]);
    expect(featured).toContainEqual(['SoftwareTester', categoryLabel('SoftwareTester')]);
  });

  it('shows guests Approved courses only, newest first, paged, with the outline but no media', async () => {
    const res = await t.op('studentCourses', {
      body: { pageSize: 10, pageNo: 0 },
    });
    expect(res.status).toBe(200);
    const mine = res.body.coursesDtos.filter((c) => c.author === tutor.fullName);
    expect(mine.map((c) => c.title)).toEqual(['React for Beginners', 'Kubernetes in Production']);
    expect(res.body.coursesDtos.every((c) => c.status === 'Approved')).toBe(true);
    expect(res.body.totalData).toBeGreaterThanOrEqual(2);
    const k = mine[1]!;
    expect(k).toMatchObject({
      author: tutor.fullName,
      nairaPrice: 5000,
      status: 'Approved',
      owned: false,
      canWatch: false,
    });
    expect(k.courseImageUrl).toBe(`/media/${approved.imageKey}`);
    expect(k.sectionDto.map((s) => s.seriesList.map((x) => x.title))).toEqual([
      ['Lesson 1.1', 'Lesson 1.2'],
      ['Lesson 2.1', 'Lesson 2.2'],
    ]);
    expect(hasNoMedia(k)).toBe(true);
    expect(k).not.toHaveProperty('buyerCount');
    const at = res.body.coursesDtos.findIndex((c) => c.id === approved.id);
    const page = await t.op('studentCourses', {
      body: { pageSize: 1, pageNo: at },
    });
    expect(page.body.coursesDtos.map((c) => c.title)).toEqual(['Kubernetes in Production']);
    expect(page.body.totalData).toBeGreaterThanOrEqual(2);
  });

  it('filters the list by category code', async () => {
    const res = await t.op('studentCourses', {
      body: { pageSize: 10, pageNo: 0, category: 'DevopsEngineer' },
    });
    expect(res.body.coursesDtos[0]!.title).toBe('Kubernetes in Production');
    expect(
      res.body.coursesDtos.every((c) => c.courseCategory === 'DevopsEngineer' && c.status === 'Approved'),
    ).toBe(true);
    const none = await t.op('studentCourses', {
      body: { pageSize: 10, pageNo: 0, category: 'Nope' },
    });
    expect(none.body).toMatchObject({ coursesDtos: [], totalData: 0 });
  });

  it('still answers the public list when a stale token is sent', async () => {
    const res = await t.op('studentCourses', {
      body: {},
      token: 'expired.token.here',
    });
    expect(res.status).toBe(200);
    expect(res.body.coursesDtos.some((c) => c.title === 'React for Beginners')).toBe(true);
  });

  it('validates paging input', async () => {
    const res = await t.op('studentCourses', { body: { pageSize: 0, pageNo: 0 } });
    expect(res.status).toBe(400);
    expect(res.body.responseDto.message).toMatch(/^pageSize: /);
  });

  it('shows one Approved course to a guest without media links; others are 404', async () => {
    const res = await t.op('viewSingleCourse', { body: { courseId: approved.id } });
    expect(res.status).toBe(200);
    expect(res.body.coursesDto.title).toBe('Kubernetes in Production');
    expect(hasNoMedia(res.body.coursesDto)).toBe(true);
    for (const courseId of [pending.id, 999999]) {
      const miss = await t.op('viewSingleCourse', { body: { courseId } });
      expect(miss.status).toBe(404);
      expect(miss.body.responseDto.message).toBe('Course does not exist');
    }
  });

  it('gives media links on GET /course/singlecourse/{id} only to the owner student, the owning tutor and admins', async () => {
    const buyer = await buildStudent(t);
    const stranger = await buildStudent(t);
    const admin = await buildAdmin(t);
    const otherTutor = await buildTutor(t);
    await buildEnrolment(t, buyer, approved);
    const get = (token: string) => t.op('singleCourse', { params: { id: approved.id }, token });

    for (const who of [buyer, tutor, admin]) {
      const res = await get(who.token);
      expect(res.status).toBe(200);
      expect(res.body.coursesDto.canWatch).toBe(true);
      expect(res.body.coursesDto.courseVideoUrl).toMatch(
        new RegExp(`^/media/${approved.videoKey}\\?exp=\\d+&v=${who.id}&sig=`),
      );
      // The lessons' originals are the staff's; the buyer plays the encrypted ladder.
      const original = res.body.coursesDto.sectionDto[1]!.seriesList[1]!.videoLink;
      if (who === buyer) expect(original).toBeNull();
      else expect(original).toContain(approved.seriesVideoKeys[3]);
    }
    expect((await get(buyer.token)).body.coursesDto).toMatchObject({ owned: true, studentCount: 1 });
    for (const who of [stranger, otherTutor]) {
      const res = await get(who.token);
      expect(res.status).toBe(200);
      expect(res.body.coursesDto).toMatchObject({ canWatch: false, owned: false });
      expect(hasNoMedia(res.body.coursesDto)).toBe(true);
    }
    expect((await t.op('singleCourse', { params: { id: approved.id } })).status).toBe(401);
    expect((await t.op('singleCourse', { params: { id: 999999 }, token: buyer.token })).status).toBe(404);
    expect((await t.op('singleCourse', { params: { id: pending.id }, token: stranger.token })).status).toBe(
      404,
    );
    expect((await t.op('singleCourse', { params: { id: pending.id }, token: admin.token })).status).toBe(200);
  });

  it('marks owned courses in the list for a logged-in student, still without links in lists', async () => {
    const buyer = await buildStudent(t);
    await buildEnrolment(t, buyer, approved);
    const res = await t.op('studentCourses', { body: {}, token: buyer.token });
    const k = res.body.coursesDtos.find((c) => c.id === approved.id)!;
    expect(k.owned).toBe(true);
    expect(k.canWatch).toBe(true);
  });
});
