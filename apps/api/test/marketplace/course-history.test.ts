import { describe, expect, it } from 'vitest';

import { buildStudent, buildTutor, type TestAccount, useAccounts } from '../factories.ts';
import { buildCourse, courseInput } from '../factories-course.ts';
import { useTestApp } from '../harness.ts';
import type { OpRequest } from '@app/contract/operations';

describe('rejection reasons and review history', () => {
  const t = useTestApp();
  const [admin] = useAccounts(t, 'admin');

  const processAs = (who: TestAccount, body: OpRequest<'processCourse'>) =>
    t.op('processCourse', { body, token: who.token });
  const history = (who: TestAccount, id: number) => t.op('reviewHistory', { body: { id }, token: who.token });
  const notificationsOf = async (who: TestAccount) =>
    (
      await t.op('notificationList', {
        body: { pageSize: 50, pageNo: 0 },
        token: who.token,
      })
    ).body.notifications;

  it('answers 404 for a deleted course and an unknown one, records nothing and tells no one', async () => {
    const tutor = await buildTutor(t);
    const course = await buildCourse(t, tutor, { status: 'Pending', title: 'Withdrawn' });
    const deleted = await t.op('deleteCourse', { body: { id: course.id }, token: tutor.token });
    expect(deleted.status, deleted.text).toBe(200);
    for (const id of [course.id, 2_000_000_000]) {
      const res = await processAs(admin, { id, status: 'Approved' });
      expect(res.status).toBe(404);
      expect(res.body.responseDto.message).toBe('Course does not exist');
    }
    expect((await history(admin, course.id)).body.history).toEqual([]);
    expect(await notificationsOf(tutor)).toEqual([]);
  });

  it('records a rejection with its reason and admin; the tutor is told, and sees it in the course list', async () => {
    const tutor = await buildTutor(t);
    const course = await buildCourse(t, tutor, { status: 'Pending', title: 'Needs work' });
    const res = await processAs(admin, {
      id: course.id,
      status: 'Rejected',
      reason: 'The audio of section 2 is missing.',
    });
    expect(res.status, res.text).toBe(200);
    const h = await history(tutor, course.id);
    expect(h.status).toBe(200);
    expect(h.body.history).toEqual([
      {
        status: 'Rejected',
        reason: 'The audio of section 2 is missing.',
        adminName: admin.fullName,
        timeCreated: expect.any(Array),
      },
    ]);
    const mine = await t.op('tutorCourses', {
      body: { pageSize: 10, pageNo: 0 },
      token: tutor.token,
    });
    expect(mine.body.coursesDtos[0]).toMatchObject({
      status: 'Rejected',
      statusReason: 'The audio of section 2 is missing.',
    });
    expect((await notificationsOf(tutor)).map((n) => [n.type, n.message, n.link, n.read])).toEqual([
      [
        'course-rejected',
        'Your course "Needs work" was rejected: The audio of section 2 is missing.',
        `/tutor/edit-course/${course.id}`,
        false,
      ],
    ]);
  });

  it("a spec client's rejection without a reason is recorded as 'No reason given'", async () => {
    const tutor = await buildTutor(t);
    const course = await buildCourse(t, tutor, { status: 'Pending' });
    expect((await processAs(admin, { id: course.id, status: 'Rejected' })).status).toBe(200);
    expect((await history(admin, course.id)).body.history[0]).toMatchObject({
      status: 'Rejected',
      reason: 'No reason given',
    });
  });

  it('refuses a rejection reason shorter than 10 characters', async () => {
    const tutor = await buildTutor(t);
    const course = await buildCourse(t, tutor, { status: 'Pending' });
    const res = await processAs(admin, { id: course.id, status: 'Rejected', reason: 'bad' });
    expect(res.status).toBe(400);
    expect(res.body.responseDto.message).toMatch(/at least 10 characters/);
    expect((await history(admin, course.id)).body.history).toEqual([]);
  });

  it('shows the history to the owning tutor and admins only', async () => {
    const tutor = await buildTutor(t);
    const course = await buildCourse(t, tutor, { status: 'Pending' });
    await processAs(admin, { id: course.id, status: 'Approved' });
    expect((await history(tutor, course.id)).status).toBe(200);
    expect((await history(admin, course.id)).status).toBe(200);
    expect((await history(await buildTutor(t), course.id)).status).toBe(403);
    expect((await history(await buildStudent(t), course.id)).status).toBe(403);
    expect((await t.op('reviewHistory', { body: { id: course.id } })).status).toBe(401);
    expect((await history(admin, 99_999_999)).status).toBe(404);
  });

  it('the tutor resubmits a rejected course: it goes back to Pending, then the admin approves', async () => {
    const tutor = await buildTutor(t);
    const created = await t.op('createCourse', {
      body: await courseInput(t, tutor, { title: 'Resubmitted course' }),
      token: tutor.token,
    });
    expect(created.status, created.text).toBe(200);
    const id = created.body.coursesDto.id;
    await processAs(admin, { id, status: 'Rejected', reason: 'Please add a course description.' });
    const edit = await t.op('updateCourse', {
      body: { id, ...(await courseInput(t, tutor, { title: 'Resubmitted course' })) },
      token: tutor.token,
    });
    expect(edit.status, edit.text).toBe(200);
    expect(edit.body.coursesDto.status).toBe('Pending');
    await processAs(admin, { id, status: 'Approved' });
    const h = await history(tutor, id);
    expect(h.body.history.map((c) => [c.status, c.reason, c.adminName])).toEqual([
      ['Rejected', 'Please add a course description.', admin.fullName],
      ['Pending', 'Resubmitted by the tutor', null],
      ['Approved', null, admin.fullName],
    ]);
    expect((await notificationsOf(tutor)).map((n) => n.type)).toEqual(['course-approved', 'course-rejected']);
  });
});
