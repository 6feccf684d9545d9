import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courses } from '../../src/db/schema.ts';
import { buildTutor, type TestAccount } from '../factories.ts';
import { buildApprovedCourse, type TestCourse } from '../factories-course.ts';
import { cachedRead, startTestApp, type TestApp } from '../harness.ts';
import { inlinedSheet, miniatureWebDist, SERVER_RENDER_SETUP_MS, queryStateOf, rootOf } from './web-dist.ts';

// The public pages as the API sends them: rendered by the web app's own server entry (React, the same components as
// the browser), with the query state the browser hydrates, cached like the API's answers.

describe('the public pages, rendered on the server by the web app', () => {
  let t: TestApp;
  let webDist: string;
  let tutor: TestAccount;
  let course: TestCourse;
  const word = `qed${randomBytes(3).toString('hex').replace(/\d/g, 'z')}`;

  beforeAll(async () => {
    webDist = miniatureWebDist();
    t = await startTestApp({ webDist });
    tutor = await buildTutor(t, { fullName: 'Ngozi Okafor' });
    course = await buildApprovedCourse(t, tutor, {
      title: `${word} <in> "practice"`,
      nairaPrice: 7500,
      category: 'DataAnalyst',
      description: 'Everything on the page before any code runs.',
    });
  }, SERVER_RENDER_SETUP_MS);
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const page = async (p: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${t.url}${p}`, { headers });
    return { status: res.status, headers: res.headers, html: await res.text() };
  };
  const escapedTitle = `${word} &lt;in&gt; &quot;practice&quot;`;

  it('each public page answers 200 with its content in the HTML and the state the browser hydrates', async () => {
    const home = await page('/');
    expect(home.status).toBe(200);
    expect(rootOf(home.html)).toContain('<h2>Learn skills that pay</h2>');
    expect(rootOf(home.html)).toContain('<h2 id="home-courses">Courses</h2>');
    expect(queryStateOf(home.html).queries.map((q) => q.queryKey)).toContainEqual([
      'course-cards',
      'catalogue',
      null,
      0,
    ]);

    const category = await page('/category/DataAnalyst');
    expect(category.status).toBe(200);
    expect(rootOf(category.html)).toContain('<h1>Data Analyst</h1>');
    expect(rootOf(category.html)).toContain(`<h3>${escapedTitle}</h3>`);
    expect(category.html).toContain(inlinedSheet('assets/catalogue-K.css'));

    const detail = await page(`/course/${course.id}`);
    expect(detail.status).toBe(200);
    const root = rootOf(detail.html);
    expect(root).toContain(`<h1>${escapedTitle}</h1>`);
    expect(root).toContain('Ngozi Okafor');
    expect(root).toContain('<p class="course-detail-price">₦7,500</p>');
    expect(root).toContain('<h2>Course content</h2>');
    expect(root).toContain('Lesson 1.2');
    expect(root).toContain('<h2 id="reviews-title">Reviews</h2>');
    expect(root).toContain('>Add to cart</button>');
    // Not disabled until the app: a tap before hydration is kept and replayed (the inline script, allowed by hash).
    expect(root).not.toContain('disabled');
    expect(detail.html).toContain('<script>document.addEventListener("click"');
    expect(detail.headers.get('content-security-policy')).toMatch(/script-src 'self' 'sha256-[^']+'/);
    // The state holds the guest's answer, with no way to close its script element early.
    const state = queryStateOf(detail.html);
    expect(JSON.stringify(state)).toContain(`${word} <in>`);
    expect(detail.html).not.toContain(`${word} <in>`);

    const search = await page(`/search?q=${word}`);
    expect(search.status).toBe(200);
    expect(rootOf(search.html)).toContain(`<h3>${escapedTitle}</h3>`);
    expect(rootOf(search.html)).toContain('1 course');

    const teaching = await page('/teaching');
    expect(teaching.status).toBe(200);
    expect(rootOf(teaching.html)).toContain('<h1');

    // Pages the browser renders alone keep the template's root.
    const login = await page('/login');
    expect(login.status).toBe(200);
    expect(login.html).not.toContain('id="query-state"');
  });

  it('an unknown course, certificate or page is the 404 page with a 404 status', async () => {
    for (const [path, text] of [
      ['/course/99999999', 'Course not found'],
      ['/course/abc', 'Course not found'],
      ['/certificate/ABCDEFGHJK', 'Certificate not found'],
      ['/no-such-page', 'Page Not Found'],
    ]) {
      const { status, html } = await page(path!);
      expect(status, path).toBe(404);
      expect(rootOf(html), path).toContain(`<h1>${text}</h1>`);
    }
    // Each page's screen comes with the app: the unknown page's is in the table of the frame's other pages.
    expect((await page('/no-such-page')).html).toContain(
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/OtherRoutes-O.js" />',
    );
    expect((await page('/course/99999999')).html).not.toContain('OtherRoutes');
  });

  it("a page the browser renders alone loads the table of the student's screens with the app", async () => {
    const { status, html } = await page('/home/my-courses');
    expect(status).toBe(200);
    expect(html).not.toContain('id="query-state"');
    expect(html).toContain(
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/OtherRoutes-O.js" />',
    );
    expect((await page('/')).html).not.toContain('OtherRoutes');
  });

  it('the page is cached with its course: a change to the course drops it; ETag and 304; compressed', async () => {
    const path = `/course/${course.id}`;
    const hit = await cachedRead(() => page(path));
    const etag = hit.headers.get('etag')!;
    expect(etag).toBeTruthy();
    // A signed-in visitor gets the same guest page (their own state arrives after hydration).
    const signedIn = await page(path, { apiKey: tutor.token });
    expect(signedIn.headers.get('etag')).toBe(etag);
    const notModified = await fetch(`${t.url}${path}`, { headers: { 'If-None-Match': etag } });
    expect(notModified.status).toBe(304);
    const brotli = await fetch(`${t.url}${path}`, { headers: { 'Accept-Encoding': 'br' } });
    expect(brotli.headers.get('content-encoding')).toBe('br');

    await t.ctx.db
      .update(courses)
      .set({ title: `${word} renamed` })
      .where(eq(courses.id, course.id));
    await t.ctx.cache.invalidateCourse(course.id);
    const changed = await page(path);
    expect(changed.headers.get('x-cache')).toBe('miss');
    expect(rootOf(changed.html)).toContain(`<h1>${word} renamed</h1>`);
    expect(changed.headers.get('etag')).not.toBe(etag);
  });

  it("the course page shows a cohort's change at once: a new cohort, then its capacity edited", async () => {
    const path = `/course/${course.id}`;
    const cohortsOn = (html: string) =>
      (
        queryStateOf(html).queries.find((q) => q.queryKey.join() === `cohorts,course,${course.id}`)?.state
          .data as { cohorts: { name: string; capacity: number }[] } | undefined
      )?.cohorts ?? [];
    expect(cohortsOn((await cachedRead(() => page(path))).html)).toEqual([]);

    const startsAt = new Date(Date.now() + 7 * 24 * 3600_000);
    const saved = await t.op('cohortSave', {
      body: {
        courseId: course.id,
        name: 'January cohort',
        startsAt: startsAt.toISOString(),
        endsAt: new Date(startsAt.getTime() + 30 * 24 * 3600_000).toISOString(),
        capacity: 30,
      },
      token: tutor.token,
    });
    expect(saved.status, saved.text).toBe(200);
    expect(cohortsOn((await page(path)).html).map((c) => [c.name, c.capacity])).toEqual([
      ['January cohort', 30],
    ]);
    await cachedRead(() => page(path));

    const edited = await t.op('cohortSave', {
      body: {
        id: saved.body.cohort.id,
        courseId: course.id,
        name: 'January cohort',
        startsAt: startsAt.toISOString(),
        endsAt: new Date(startsAt.getTime() + 30 * 24 * 3600_000).toISOString(),
        capacity: 12,
      },
      token: tutor.token,
    });
    expect(edited.status, edited.text).toBe(200);
    const after = await page(path);
    expect(after.headers.get('x-cache')).toBe('miss');
    expect(cohortsOn(after.html).map((c) => c.capacity)).toEqual([12]);
  });
});

describe('a web build without its server render', () => {
  it('answers a clear 500 page, and still serves the app for the browser to render', async () => {
    const webDist = miniatureWebDist({ serverRender: false });
    const t = await startTestApp({ webDist });
    try {
      const res = await fetch(`${t.url}/`);
      expect(res.status).toBe(500);
      const html = await res.text();
      expect(rootOf(html)).toContain('This page could not be rendered');
      expect(rootOf(html)).toContain('apps/web/dist/server/entry-server.js');
      expect(html).not.toContain('id="query-state"');
    } finally {
      await t.close();
      rmSync(webDist, { recursive: true, force: true });
    }
  }, 60_000);
});
