import { rmSync } from 'node:fs';
import { request } from 'node:http';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRELOAD_ELEMENT_ID, preloadKey } from '@app/contract/endpoints';
import { buildAdmin, buildTutor, type TestAccount } from '../factories.ts';
import { buildApprovedCourse, buildCourse, type TestCourse } from '../factories-course.ts';
import { cachedRead, startTestApp, type TestApp } from '../harness.ts';
import { opPath } from '@app/contract/operation-routes';
import { miniatureWebDist } from './web-dist.ts';

/** The content of the first `<meta property|name="key">` in `html`, as a browser would read it (entities decoded). */
function metaContent(html: string, key: string): string | undefined {
  const m = new RegExp(`<meta (?:property|name)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`).exec(
    html,
  );
  return m?.[1]
    ?.replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** `s` as the server escapes text for HTML. */
const escaped = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

describe('the server-rendered document: per-page head, shared link previews, sitemap', () => {
  let t: TestApp;
  let webDist: string;
  let tutor: TestAccount;
  let course: TestCourse;
  let pending: TestCourse;
  const trickyTitle = `Tests "that" <script>alert('x')</script> & more`;

  beforeAll(async () => {
    webDist = miniatureWebDist();
    t = await startTestApp({ webDist });
    tutor = await buildTutor(t, { fullName: 'Ngozi Okafor' });
    course = await buildApprovedCourse(t, tutor, {
      title: trickyTitle,
      nairaPrice: 15000,
      category: 'SoftwareTester',
      description: 'Write tests that catch bugs before your users do.',
    });
    pending = await buildCourse(t, tutor, { status: 'Pending', title: 'A secret draft course' });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const page = async (p: string) => {
    const res = await fetch(`${t.url}${p}`);
    return { status: res.status, type: res.headers.get('content-type'), html: await res.text() };
  };

  it('a course link carries its title, description, naira price and absolute image URL, escaped', async () => {
    const { status, type, html } = await page(`/course/${course.id}`);
    expect(status).toBe(200);
    expect(type).toContain('text/html');
    expect(html).not.toContain("<script>alert('x')</script>");
    expect(html).toContain(
      '<title>Tests &quot;that&quot; &lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; more | DevLearn</title>',
    );
    expect(metaContent(html, 'og:title')).toBe(`${trickyTitle} | DevLearn`);
    expect(metaContent(html, 'og:type')).toBe('product');
    expect(metaContent(html, 'og:description')).toBe(
      '₦15,000 · by Ngozi Okafor. Write tests that catch bugs before your users do.',
    );
    expect(metaContent(html, 'description')).toBe(metaContent(html, 'og:description'));
    expect(metaContent(html, 'og:image')).toBe(`${t.url}/media/${course.imageKey}`);
    expect(metaContent(html, 'og:url')).toBe(`${t.url}/course/${course.id}`);
    expect(html).toContain(`<link rel="canonical" href="${t.url}/course/${course.id}" />`);
    expect(metaContent(html, 'product:price:amount')).toBe('15000');
    expect(metaContent(html, 'product:price:currency')).toBe('NGN');
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(html, 'twitter:data1')).toBe('₦15,000');
    expect(metaContent(html, 'twitter:image')).toBe(`${t.url}/media/${course.imageKey}`);
    // The default title is replaced, not repeated.
    expect(html.match(/<title>/g)).toHaveLength(1);
  });

  it('embeds the course answer a guest would get, with no way to close the script element early', async () => {
    const { html } = await page(`/course/${course.id}`);
    const m = new RegExp(
      `<script type="application/json" id="${PRELOAD_ELEMENT_ID}">(.*?)</script>`,
      's',
    ).exec(html);
    expect(m).not.toBeNull();
    expect(m![1]).not.toContain('<');
    const answers = JSON.parse(m![1]!) as Record<
      string,
      { coursesDto: { title: string; nairaPrice: number } }
    >;
    const api = await t.op('viewSingleCourse', { body: { courseId: course.id } });
    // The public trailer's link is signed per request (its expiry may differ by a second): compare its file.
    const unsigned = (a: unknown) =>
      JSON.parse(JSON.stringify(a).replace(/(\/media\/videos\/[^"?]+)\?[^"]*/g, '$1')) as unknown;
    expect(
      unsigned(answers[preloadKey('POST', opPath('viewSingleCourse'), { courseId: course.id })]),
    ).toEqual(unsigned(api.body));
  });

  it('a course that is not Approved, or does not exist, shows nothing of it and is not indexed', async () => {
    for (const p of [`/course/${pending.id}`, '/course/99999999', '/course/abc']) {
      const { status, html } = await page(p);
      expect(status).toBe(404);
      expect(html).not.toContain('A secret draft course');
      expect(html).toContain('<title>Course not found | DevLearn</title>');
      expect(metaContent(html, 'robots')).toBe('noindex');
      expect(html).not.toContain(PRELOAD_ELEMENT_ID);
      // No first screen and no screen styles: the web app shows its Not found page.
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain('catalogue-K.css');
    }
  });

  it('home, a category and /teaching get their own title, description and canonical link', async () => {
    const home = await page('/');
    expect(home.html).toContain('<title>DevLearn: video courses by Nigerian tutors, in naira</title>');
    expect(home.html).toContain(`<link rel="canonical" href="${t.url}/" />`);
    // The first catalogue page comes with the document, as the list asks for it.
    expect(home.html).toContain(
      JSON.stringify(preloadKey('POST', opPath('studentCourses'), { pageNo: 0, pageSize: 10 })),
    );

    const category = await page('/category/SoftwareTester?utm=x');
    expect(category.html).toContain('<title>Software Tester courses | DevLearn</title>');
    expect(category.html).toContain(`<link rel="canonical" href="${t.url}/category/SoftwareTester" />`);
    expect(category.html).toContain(
      JSON.stringify(
        preloadKey('POST', opPath('studentCourses'), { category: 'SoftwareTester', pageNo: 0, pageSize: 10 }),
      ),
    );

    const teaching = await page('/teaching');
    expect(teaching.html).toContain('<title>Teach on DevLearn | Become an instructor</title>');
    expect(metaContent(teaching.html, 'og:url')).toBe(`${t.url}/teaching`);
  });

  it('home reads without JavaScript: the banner and the embedded first page of courses as cards in the root', async () => {
    await buildApprovedCourse(t, tutor, { title: 'Second card & co', nairaPrice: 2500.5 });
    const { html } = await page('/');
    const root = html.slice(html.indexOf('<div id="root">'), html.indexOf(`id="${PRELOAD_ELEMENT_ID}"`));
    expect(root).toMatch(/^<div id="root"><main id="main"><section class="banner"/);
    expect(root).toContain('<h2>Learn skills that pay</h2>');
    expect(root).toContain('<a href="/categories" class="btn banner-cta" tabindex="0">Browse categories</a>');
    expect(root).toContain('<h2 id="home-courses">Courses</h2>');
    expect(root).not.toContain('A secret draft course');

    // One card per course of the answer the web app reads (other test files may add courses on PostgreSQL), in its order.
    const answers = JSON.parse(
      new RegExp(`<script type="application/json" id="${PRELOAD_ELEMENT_ID}">(.*?)</script>`, 's').exec(
        html,
      )![1]!,
    ) as Record<string, { coursesDtos: { id: number; title: string }[] }>;
    const dtos =
      answers[preloadKey('POST', opPath('studentCourses'), { pageNo: 0, pageSize: 10 })]!.coursesDtos;
    expect(dtos.length).toBeGreaterThanOrEqual(2);
    const cards = [...root.matchAll(/<article class="card course-card">(.*?)<\/article>/g)].map((m) => m[1]!);
    expect(cards).toHaveLength(dtos.length);
    dtos.forEach((dto, i) => {
      expect(cards[i]).toContain(`<a href="/course/${dto.id}" class="course-card-link">`);
      expect(cards[i]).toContain(`<h3>${escaped(dto.title)}</h3>`);
    });

    // Only the first card's image is fetched first, with the same URLs as the preload link (one download).
    const images = cards.map((c) => /<img [^>]*>/.exec(c)![0]);
    expect(images[0]).toContain('fetchpriority="high"');
    expect(images[0]).not.toContain('loading=');
    for (const img of images.slice(1)) {
      expect(img).toContain('loading="lazy"');
      expect(img).not.toContain('fetchpriority');
    }
    const preload = /<link rel="preload" as="image" href="([^"]+)" imagesrcset="([^"]+)"/.exec(html);
    expect(preload).not.toBeNull();
    expect(images[0]).toContain(`src="${preload![1]}" srcset="${preload![2]}"`);

    // No lazy screen: no screen styles or code to fetch.
    expect(html).not.toContain('rel="stylesheet"');
    expect(html).not.toContain('modulepreload');

    // Pages without a first screen leave the root to the web app, and only preload the screen's styles: a search the
    // API refuses (the app asks and shows the API's message).
    const search = (await page('/search?q=tests&minPrice=900&maxPrice=100')).html;
    expect(search).toContain('<div id="root"></div>');
    expect(search).toContain('<link rel="preload" as="style" crossorigin href="/assets/search-S.css" />');
    expect(search).not.toContain('rel="stylesheet"');
  });

  it('sitemap.xml lists Approved courses only; robots.txt points to it', async () => {
    const sitemap = await fetch(`${t.url}/sitemap.xml`);
    expect(sitemap.headers.get('content-type')).toContain('application/xml');
    const xml = await sitemap.text();
    expect(xml).toContain(`<loc>${t.url}/course/${course.id}</loc>`);
    expect(xml).not.toContain(`/course/${pending.id}<`);
    expect(xml).toContain(`<loc>${t.url}/category/SoftwareTester</loc>`);

    const robots = await fetch(`${t.url}/robots.txt`);
    expect(robots.headers.get('content-type')).toContain('text/plain');
    const txt = await robots.text();
    expect(txt).toContain('User-agent: *');
    expect(txt).toContain(`Sitemap: ${t.url}/sitemap.xml`);
  });

  it('the document comes brotli-compressed to a browser that accepts it, plain otherwise', async () => {
    const raw = (encoding: string) =>
      new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
        const req = request(
          `${t.url}/course/${course.id}`,
          { headers: { 'accept-encoding': encoding } },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          },
        );
        req.on('error', reject);
        req.end();
      });
    const br = await raw('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    const plain = await raw('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(brotliDecompressSync(br.body).toString()).toBe(plain.body.toString());
    expect(br.body.length).toBeLessThan(plain.body.length / 2);
  });

  it('pages that read the catalogue come from the answer cache, and a change to the course reaches them', async () => {
    const shown = await buildApprovedCourse(t, tutor, {
      title: 'Cached page course',
      category: 'UIUXDesigner',
    });
    const admin = await buildAdmin(t);
    const get = (p: string) => fetch(`${t.url}${p}`);
    const again = await cachedRead(() => get(`/course/${shown.id}`));
    expect(await again.text()).toContain('<title>Cached page course | DevLearn</title>');
    // A category no other test file writes to, so its first page is this file's to check.
    const listing = `/category/UIUXDesigner`;
    expect(await (await cachedRead(() => get(listing))).text()).toContain('Cached page course');

    // Rejected: the course page is gone at once and its category page no longer lists it.
    const rejected = await t.op('processCourse', {
      body: { id: shown.id, status: 'Rejected', reason: 'The videos have no sound at all.' },
      token: admin.token,
    });
    expect(rejected.status).toBe(200);
    const gone = await get(`/course/${shown.id}`);
    expect(gone.status).toBe(404);
    expect(await gone.text()).not.toContain('Cached page course');
    expect(await (await get(listing)).text()).not.toContain('Cached page course');
    // Plain SPA paths are the template alone: answered, never stored.
    await (await get('/login')).text();
    expect((await get('/login')).headers.get('x-cache')).toBe('miss');
  });

  it('a missing script, style sheet or image answers 404, never the page in its place', async () => {
    for (const p of [
      '/assets/index-0ld0ld.js',
      '/assets/nothing.css',
      '/assets/gone/deeper.png',
      '/sw-old.js',
    ]) {
      const res = await page(p);
      expect(res.status, p).toBe(404);
      expect(res.type, p).toMatch(/^text\/plain/);
      expect(res.html, p).not.toContain('<!doctype html>');
    }
    // App routes still get the page, with dots in the query string too.
    for (const p of ['/categories', '/search?q=node.js', `/course/${course.id}`, '/checkout?reference=a.b']) {
      const res = await page(p);
      expect(res.status, p).toBe(200);
      expect(res.html, p).toContain('<div id="root">');
    }
  });

  it('unknown API paths still answer JSON 404, never the web app', async () => {
    const res = await fetch(`${t.url}/dl/api/v1/nothing-here`);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { responseDto: { message: string } }).responseDto.message).toContain(
      'No such API call',
    );
  });
});
