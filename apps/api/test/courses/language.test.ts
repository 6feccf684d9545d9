import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildAdmin, buildStudent, buildTutor } from '../factories.ts';
import { buildCourse, courseInput } from '../factories-course.ts';
import { useTestApp } from '../harness.ts';

// A course's language (issue 51, "Courses in a language"): set by its tutor, shown on every course answer and search
// hit, and a filter of the catalogue and of search. On PostgreSQL every test file shares one database, so the
// filters are asked for a language tag of this run's own.
const tagOfRun = () => `yo-x${randomUUID().replace(/-/g, '').slice(0, 7)}`;

describe('courses in a language', () => {
  const t = useTestApp();

  it('a tutor sets it (English unless told), an update that names none keeps it, a bad tag is a clear 400', async () => {
    const tutor = await buildTutor(t);
    const made = await t.op('createCourse', { body: await courseInput(t, tutor), token: tutor.token });
    expect(made.status, made.text).toBe(200);
    expect(made.body.coursesDto.language).toBe('en');

    const pidgin = await t.op('createCourse', {
      body: await courseInput(t, tutor, { language: 'PCM' }),
      token: tutor.token,
    });
    expect(pidgin.body.coursesDto.language).toBe('pcm');
    const id = pidgin.body.coursesDto.id;
    const { language: _kept, ...withoutLanguage } = await courseInput(t, tutor, { title: 'Renamed' });
    const updated = await t.op('updateCourse', { body: { ...withoutLanguage, id }, token: tutor.token });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body.coursesDto).toMatchObject({ title: 'Renamed', language: 'pcm' });
    const french = await t.op('updateCourse', {
      body: { ...(await courseInput(t, tutor)), id, language: 'fr-CA' },
      token: tutor.token,
    });
    expect(french.body.coursesDto.language).toBe('fr-CA');

    const bad = await t.op('createCourse', {
      body: await courseInput(t, tutor, { language: 'English please' }),
      token: tutor.token,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.responseDto.message).toContain(
      'language must be a language code such as en, pcm, yo, ha, ig or fr',
    );
  });

  it('filters the catalogue and search by language, for guests and signed-in students alike', async () => {
    const tutor = await buildTutor(t, { fullName: `Adaeze Okoro ${randomUUID().slice(0, 6)}` });
    const lang = tagOfRun();
    const other = tagOfRun();
    const [a, b] = [
      await buildCourse(t, tutor, { title: 'Ìbẹ̀rẹ̀ Python', language: lang, category: 'BackendEngineer' }),
      await buildCourse(t, tutor, { title: 'Python fún iṣẹ́', language: lang, category: 'FrontendEngineer' }),
    ];
    await buildCourse(t, tutor, { title: 'Python in another tongue', language: other });
    await buildCourse(t, tutor, { title: 'Hidden Python', language: lang, status: 'Pending' });
    const student = await buildStudent(t);

    for (const token of [undefined, student.token]) {
      const list = await t.op('studentCourses', {
        body: { pageNo: 0, pageSize: 10, language: lang },
        ...(token ? { token } : {}),
      });
      expect(list.status, list.text).toBe(200);
      expect(list.body.totalData).toBe(2);
      expect(list.body.coursesDtos.map((c) => [c.id, c.language]).sort()).toEqual(
        [
          [a.id, lang],
          [b.id, lang],
        ].sort(),
      );
      const inCategory = await t.op('studentCourses', {
        body: { pageNo: 0, pageSize: 10, language: lang, category: 'FrontendEngineer' },
        ...(token ? { token } : {}),
      });
      expect(inCategory.body.coursesDtos.map((c) => c.id)).toEqual([b.id]);
      expect(inCategory.body.totalData).toBe(1);
    }
    // Page 2 of one: empty, with the total.
    const beyond = await t.op('studentCourses', { body: { pageNo: 1, pageSize: 1, language: lang } });
    expect(beyond.body.coursesDtos).toHaveLength(1);
    expect(beyond.body.totalData).toBe(2);

    // The unfiltered list carries each course's language too (its card).
    const all = await t.op('studentCourses', {
      body: { pageNo: 0, pageSize: 50, category: 'BackendEngineer' },
    });
    expect(all.body.coursesDtos.find((c) => c.id === a.id)?.language).toBe(lang);

    const found = await t.op('courseSearch', {
      body: { search: 'python', pageNo: 0, pageSize: 20, language: lang },
    });
    expect(found.status, found.text).toBe(200);
    expect(found.body.coursesDtos.map((h) => h.id).sort()).toEqual([a.id, b.id].sort());
    expect(found.body.coursesDtos.every((h) => h.language === lang)).toBe(true);
    const bad = await t.op('courseSearch', {
      body: { search: 'python', pageNo: 0, pageSize: 20, language: '!!' },
    });
    expect(bad.status).toBe(400);
  });

  it("a course's new language shows in the guest's cached answers once it is approved again", async () => {
    const tutor = await buildTutor(t);
    const admin = await buildAdmin(t);
    const lang = tagOfRun();
    const made = await t.op('createCourse', { body: await courseInput(t, tutor), token: tutor.token });
    const id = made.body.coursesDto.id;
    await t.op('processCourse', { body: { id, status: 'Approved' }, token: admin.token });
    const guestView = async () =>
      (await t.op('viewSingleCourse', { body: { courseId: id } })).body.coursesDto.language;
    expect(await guestView()).toBe('en');
    // An approved course is changed after it is sent back (rejected), then approved again.
    const rejected = await t.op('processCourse', {
      body: { id, status: 'Rejected', reason: 'Say which language it is taught in.' },
      token: admin.token,
    });
    expect(rejected.status, rejected.text).toBe(200);
    const changed = await t.op('updateCourse', {
      body: { ...(await courseInput(t, tutor)), id, language: lang },
      token: tutor.token,
    });
    expect(changed.status, changed.text).toBe(200);
    const approved = await t.op('processCourse', { body: { id, status: 'Approved' }, token: admin.token });
    expect(approved.status, approved.text).toBe(200);
    expect(await guestView()).toBe(lang);
    const list = await t.op('studentCourses', { body: { pageNo: 0, pageSize: 10, language: lang } });
    expect(list.body.coursesDtos.map((c) => c.id)).toEqual([id]);
  });
});
