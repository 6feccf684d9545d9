import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TCourseDto } from '@app/contract/courses';
import { courses } from '../../src/db/schema.ts';
import { API_BASE } from '@app/contract/common';

import { TRANSACTION_SUCCESS_MESSAGE } from '@app/contract/payments';
import { buildStudent, buildTutor, useAccounts } from '../factories.ts';
import { buildApprovedCourse, buildEnrolment, courseInput, PNG_BYTES, upload } from '../factories-course.ts';
import { type TestApp, useTestApp } from '../harness.ts';
import { usePaystackApp } from '../payments/helpers.ts';
import { opPath } from '@app/contract/operation-routes';
import { refusal } from '../refusal.ts';

// The spec's own client, served from another origin (DECISIONS §1: it runs unchanged against this server).
const CLIENT = 'http://spec-client.test:5173';

type Body = Record<string, unknown> & { responseDto: { code: string; message: string } };

/** A call as a browser on `origin` makes it: the Origin header, JSON, the token in apiKey. */
async function fromOrigin(t: TestApp, origin: string | null, path: string, body?: unknown, token?: string) {
  const headers: Record<string, string> = {};
  if (origin) headers.origin = origin;
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.apiKey = token;
  const res = await fetch(`${t.url}${API_BASE}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Body };
}

describe('the spec client on another origin (CORS_ORIGINS set)', () => {
  const { t, fake } = usePaystackApp({ env: { CORS_ORIGINS: CLIENT } });
  const [tutor, student] = useAccounts(t, 'tutor', 'user');

  const chargeFrom = async (origin: string | null, body: object) => {
    const res = await fromOrigin(t, origin, opPath('cardCharge'), body, student.token);
    const data = (res.body.initializeTransactionResponse as { data?: Record<string, string> } | undefined)
      ?.data;
    const sent = fake.initializeCalls.find((c) => c.reference === data?.reference);
    return { ...res, data, sent };
  };

  it('lets the other origin call the API (preflight allowed)', async () => {
    const res = await fetch(`${t.url}${API_BASE}${opPath('cardCharge')}`, {
      method: 'OPTIONS',
      headers: {
        origin: CLIENT,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,apikey',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(CLIENT);
  });

  it("sends the payment page back to the calling client's /checkout", async () => {
    const course = await buildApprovedCourse(t, tutor);
    const { status, sent } = await chargeFrom(CLIENT, { courseIds: [course.id] });
    expect(status).toBe(200);
    expect(sent?.callback_url).toBe(`${CLIENT}/checkout`);
  });

  it.each([
    ['a foreign origin', 'https://evil.example'],
    ['no Origin header', null],
    ['a malformed Origin', 'not a url'],
  ])('falls back to PUBLIC_URL for %s (never an open redirect)', async (_, origin) => {
    const course = await buildApprovedCourse(t, tutor);
    const { status, sent } = await chargeFrom(origin, { courseIds: [course.id] });
    expect(status).toBe(200);
    expect(sent?.callback_url).toBe(`${t.url}/checkout`);
  });

  it("answers the spec's amount-only charge with 402 carrying authorization_url, and the spec's purchase completes", async () => {
    const course = await buildApprovedCourse(t, tutor, { nairaPrice: 12500 });
    const charged = await chargeFrom(CLIENT, { amount: 12500 });
    expect(charged.status).toBe(402);
    expect(charged.body.responseDto).toEqual(refusal('Authorization URL created', 'dk00'));
    expect(charged.data?.authorization_url).toMatch(/^https:\/\/checkout\.paystack\.com\//);
    expect(charged.sent?.callback_url).toBe(`${CLIENT}/checkout`);

    fake.settle(charged.data!.reference!, { status: 'success' });
    const done = await fromOrigin(
      t,
      CLIENT,
      opPath('customerTransaction'),
      { reference: charged.data!.reference, transactionDtoList: [{ courseId: String(course.id) }] },
      student.token,
    );
    expect(done.status).toBe(200);
    expect(done.body.responseDto.message).toBe(TRANSACTION_SUCCESS_MESSAGE);
  });

  it('answers absolute media URLs that load from the other origin (Cross-Origin-Resource-Policy: cross-origin)', async () => {
    const uploaded = await upload(t, tutor.token, 'image', PNG_BYTES, 'cover.png');
    expect(uploaded.status).toBe(200);
    expect(uploaded.body.url).toMatch(new RegExp(`^${t.url}/media/images/`));

    const course = await buildApprovedCourse(t, tutor);
    const view = await fromOrigin(t, CLIENT, opPath('viewSingleCourse'), { courseId: course.id });
    const image = (view.body.coursesDto as { courseImageUrl: string }).courseImageUrl;
    expect(image).toBe(`${t.url}/media/${course.imageKey}`);
    // The catalogue list comes from the answer cache: a second read (a hit) is absolute too.
    for (let i = 0; i < 2; i++) {
      const list = await fromOrigin(t, CLIENT, opPath('studentCourses'), { pageNo: 0, pageSize: 50 });
      const urls = (list.body.coursesDtos as { courseImageUrl: string }[]).map((c) => c.courseImageUrl);
      expect(urls.length).toBeGreaterThan(0);
      for (const url of urls) expect(url).toMatch(new RegExp(`^${t.url}/media/`));
    }

    const file = await fetch(image, { headers: { origin: CLIENT } });
    expect(file.status).toBe(200);
    expect(file.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(Buffer.from(await file.arrayBuffer())).toEqual(PNG_BYTES);
  });

  it("gives a guest the preview lesson's signed link as an absolute URL, from the answer cache too", async () => {
    const input = await courseInput(t, tutor);
    input.sectionDto[0]!.seriesList[0]!.preview = true;
    const created = await fromOrigin(t, CLIENT, opPath('createCourse'), input, tutor.token);
    expect(created.status).toBe(200);
    const [row] = await t.ctx.db
      .select()
      .from(courses)
      .where(eq(courses.title, input.title as string));
    await t.ctx.db.update(courses).set({ status: 'Approved' }).where(eq(courses.id, row!.id));
    await t.ctx.cache.invalidateCatalogue();
    // The first read builds the cached answer, the second is a hit: both carry the link absolute.
    for (const cache of ['miss', 'hit']) {
      const view = await fromOrigin(t, CLIENT, opPath('viewSingleCourse'), { courseId: row!.id });
      expect(view.headers.get('x-cache')).toBe(cache);
      const lesson = (view.body.coursesDto as TCourseDto).sectionDto[0]!.seriesList[0]!;
      expect(lesson.videoLink).toMatch(new RegExp(`^${t.url}/media/videos/.+\\?exp=`));
    }
  });

  it("signs the owner's video links as absolute URLs", async () => {
    const owner = await buildStudent(t);
    const course = await buildApprovedCourse(t, tutor);
    await buildEnrolment(t, owner, course);
    const res = await fromOrigin(
      t,
      CLIENT,
      opPath('singleCourse', { id: course.id }),
      undefined,
      owner.token,
    );
    const dto = res.body.coursesDto as { courseVideoUrl: string };
    expect(dto.courseVideoUrl).toMatch(new RegExp(`^${t.url}/media/videos/.+\\?exp=`));
    const video = await fetch(dto.courseVideoUrl, { headers: { origin: CLIENT, range: 'bytes=0-9' } });
    expect(video.status).toBe(206);
    expect(video.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect((await video.arrayBuffer()).byteLength).toBe(10);
  });

  it('takes the numbers of the spec payloads as numeric strings ("12500", "9")', async () => {
    const input = await courseInput(t, tutor, { nairaPrice: '12500' });
    const created = await fromOrigin(t, CLIENT, opPath('createCourse'), input, tutor.token);
    expect(created.status).toBe(200);
    const course = await buildApprovedCourse(t, tutor);
    const buyers = await fromOrigin(
      t,
      CLIENT,
      opPath('boughtCourse'),
      { pageNo: 0, pageSize: 10, id: String(course.id) },
      tutor.token,
    );
    expect(buyers.status).toBe(200);
    expect(buyers.body.totalData).toBe(0);
    const bad = await fromOrigin(
      t,
      CLIENT,
      opPath('createCourse'),
      { ...input, nairaPrice: 'twelve' },
      tutor.token,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.responseDto.message).toMatch(/price/i);
  });
});

describe('the same origin only (no CORS_ORIGINS): unchanged', () => {
  const t = useTestApp();

  it('answers relative media URLs served same-site', async () => {
    const tutor = await buildTutor(t);
    const uploaded = await upload(t, tutor.token, 'image', PNG_BYTES, 'cover.png');
    expect(uploaded.body.url).toMatch(/^\/media\/images\//);
    const file = await fetch(`${t.url}${uploaded.body.url}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('cross-origin-resource-policy')).toBe('same-site');
    expect(Buffer.from(await file.arrayBuffer())).toEqual(PNG_BYTES);
  });

  it('lets no other origin in: no preflight, no CORS headers', async () => {
    const preflight = await fetch(`${t.url}${API_BASE}${opPath('cardCharge')}`, {
      method: 'OPTIONS',
      headers: { origin: CLIENT, 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(404);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const read = await fromOrigin(t, CLIENT, opPath('studentCourses'), { pageNo: 0, pageSize: 5 });
    expect(read.status).toBe(200);
    expect(read.headers.get('access-control-allow-origin')).toBeNull();
  });
});
