import { readdirSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { type TestAccount, useAccounts } from '../factories.ts';
import { buildApprovedCourse, buildCourse, MP4_BYTES, type TestCourse } from '../factories-course.ts';
import { useTestApp } from '../harness.ts';
import { API_BASE } from '@app/contract/endpoints';
import { opPath, PLAIN_ROUTES } from '@app/contract/operation-routes';
import { refusal } from '../refusal.ts';

const TOO_BIG = 2147483648;
const message = (res: { body: unknown }) =>
  (res.body as { responseDto: { message: string } }).responseDto.message;

describe('malformed input answers 4xx, never 5xx', () => {
  const t = useTestApp();
  let course: TestCourse;
  const [student, tutor, admin] = useAccounts(t, 'user', 'tutor', 'admin');
  beforeAll(async () => {
    course = await buildApprovedCourse(t, tutor);
  });

  it('an id beyond the integer column is an unknown course on lookups (404)', async () => {
    const view = await t.api(opPath('viewSingleCourse'), { body: { courseId: TOO_BIG } });
    expect(view.status).toBe(404);
    expect(message(view)).toBe('Course does not exist');
    const single = await t.api(opPath('singleCourse', { id: TOO_BIG }));
    expect(single.status).toBe(404);
    expect(message(single)).toBe('Course does not exist');
    const group = await t.api(opPath('courseCategories', { group: TOO_BIG }));
    expect(group.status).toBe(404);
  });

  it('an id beyond the integer column is refused with a 400 naming the field elsewhere', async () => {
    const calls: [string, unknown, TestAccount, string][] = [
      [opPath('deleteCourse'), { id: TOO_BIG }, tutor, 'id'],
      [opPath('processCourse'), { id: TOO_BIG, status: 'Approved' }, admin, 'id'],
      [opPath('boughtCourse'), { id: TOO_BIG }, tutor, 'id'],
      [opPath('cardCharge'), { amount: 1, courseIds: [TOO_BIG] }, student, 'courseIds[0]'],
      [
        opPath('customerTransaction'),
        { reference: 'ref-1', transactionDtoList: [{ courseId: TOO_BIG }] },
        student,
        'transactionDtoList[0].courseId',
      ],
      [opPath('progressUpdate'), { courseId: TOO_BIG, seriesId: 1, positionSeconds: 1 }, student, 'courseId'],
      [opPath('progressUpdate'), { courseId: 1, seriesId: TOO_BIG, positionSeconds: 1 }, student, 'seriesId'],
      [opPath('progressCourse'), { courseId: TOO_BIG }, student, 'courseId'],
    ];
    for (const [p, body, who, field] of calls) {
      const res = await t.api(p, { body, token: who.token });
      expect(res.status, p).toBe(400);
      expect(message(res)).toBe(`${field}: must be at most 2147483647`);
    }
  });

  it('numeric strings are accepted where the spec sends numbers; other strings name the field', async () => {
    const bought = await t.api(opPath('boughtCourse'), {
      body: { id: String(course.id) },
      token: tutor.token,
    });
    expect(bought.status).toBe(200);
    const view = await t.api(opPath('viewSingleCourse'), { body: { courseId: String(course.id) } });
    expect(view.status).toBe(200);
    const page = await t.api(opPath('studentCourses'), { body: { pageNo: '0', pageSize: '5' } });
    expect(page.status).toBe(200);
    const bad = await t.api(opPath('boughtCourse'), { body: { id: 'nine' }, token: tutor.token });
    expect(bad.status).toBe(400);
    expect(message(bad)).toBe('id: must be a whole number');
  });

  it('NUL and other control characters in text are refused with a 400 that names the field', async () => {
    const login = await t.api(opPath('loginCustomer'), { body: { userName: 'a\u0000b', password: 'x' } });
    expect(login.status).toBe(400);
    expect(message(login)).toBe('User name must not contain control characters');
    const search = await t.api(opPath('courseSearch'), { body: { search: 'java\u0000' } });
    expect(search.status).toBe(400);
    expect(message(search)).toBe('search must not contain control characters');
    const category = await t.api(opPath('studentCourses'), { body: { category: '\u0000' } });
    expect(category.status).toBe(400);
    expect(message(category)).toBe('category: must not contain control characters');
    const profile = await t.api(opPath('userUpdate'), {
      body: { fullName: 'Ada\u0007', phoneNumber: '08012345678', email: student.email },
      token: student.token,
    });
    expect(profile.status).toBe(400);
    expect(message(profile)).toBe('Full name must not contain control characters');
  });

  it('a course description may span lines (tab, newline), but not carry NUL', async () => {
    const pending = await buildCourse(t, tutor, { status: 'Pending' });
    const current = await t.op('singleCourse', { params: { id: pending.id }, token: tutor.token });
    const { id, title, nairaPrice, courseImageUrl, courseVideoUrl, courseGroup, courseCategory } =
      current.body.coursesDto;
    const body = (description: string) => ({
      id,
      title,
      nairaPrice: String(nairaPrice),
      courseImageUrl,
      courseVideoUrl,
      courseGroup,
      courseCategory,
      description,
      sectionDto: (current.body.coursesDto.sectionDto as { title: string; seriesList: unknown[] }[]).map(
        (s) => ({
          title: s.title,
          seriesList: (
            s.seriesList as { title: string; videoLink: string | null; videoFile: string | null }[]
          ).map((x) => ({ title: x.title, videoLink: x.videoLink, videoFile: x.videoFile })),
        }),
      ),
    });
    const multi = await t.api(opPath('updateCourse'), {
      body: body('Line one\n\tLine two'),
      token: tutor.token,
    });
    expect(multi.status, message(multi)).toBe(200);
    const nul = await t.api(opPath('updateCourse'), { body: body('Line one\u0000'), token: tutor.token });
    expect(nul.status).toBe(400);
    expect(message(nul)).toBe('Description must not contain control characters');
  });

  describe('malformed multipart on /images/add', () => {
    const UNREADABLE = 'The upload could not be read. Please try again.';
    const files = (folder: string) => {
      try {
        return readdirSync(path.join(t.dataDir, 'media', folder));
      } catch {
        return [];
      }
    };
    const send = (contentType: string, body: Buffer | string) =>
      fetch(`${t.url}${API_BASE}${PLAIN_ROUTES.upload.path}`, {
        method: PLAIN_ROUTES.upload.method,
        headers: { apiKey: tutor.token, 'content-type': contentType },
        body,
      }).then(async (res) => ({
        status: res.status,
        body: (await res.json()) as { responseDto: { code: string; message: string } },
      }));

    it.each([
      [
        'a missing boundary',
        'multipart/form-data',
        '--x\r\nContent-Disposition: form-data; name="type"\r\n\r\nvideo\r\n--x--\r\n',
      ],
      [
        'a wrong boundary',
        'multipart/form-data; boundary=abc',
        '--x\r\nContent-Disposition: form-data; name="type"\r\n\r\nvideo\r\n--x--\r\n',
      ],
      [
        'a truncated body',
        'multipart/form-data; boundary=x',
        Buffer.concat([
          Buffer.from('--x\r\nContent-Disposition: form-data; name="type"\r\n\r\nvideo\r\n--x\r\n'),
          Buffer.from('Content-Disposition: form-data; name="files"; filename="a.mp4"\r\n\r\n'),
          MP4_BYTES,
        ]),
      ],
      [
        'malformed part headers',
        'multipart/form-data; boundary=x',
        '--x\r\nnonsense\u0000\r\n\r\nvideo\r\n--x--\r\n',
      ],
    ])('%s answers 400 and leaves nothing behind', async (_what, contentType, body) => {
      const before = files('videos').length;
      const res = await send(contentType, body as never);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      if (res.status === 400 && res.body.responseDto.message !== UNREADABLE) {
        // A body the parser read but found empty is refused for what is missing.
        expect(res.body.responseDto.message).toMatch(/type is required|Choose a file/);
      }
      expect(files('videos').length).toBe(before);
      expect(files('.tmp')).toEqual([]);
    });

    it('a body cut short mid-file gets the readable message', async () => {
      const res = await send(
        'multipart/form-data; boundary=x',
        Buffer.concat([
          Buffer.from('--x\r\nContent-Disposition: form-data; name="type"\r\n\r\nvideo\r\n--x\r\n'),
          Buffer.from('Content-Disposition: form-data; name="files"; filename="a.mp4"\r\n\r\n'),
          MP4_BYTES,
        ]),
      );
      expect(res).toEqual({ status: 400, body: { responseDto: refusal(UNREADABLE) } });
    });
  });
});
