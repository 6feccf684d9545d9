import { rmSync } from 'node:fs';
import { request } from 'node:http';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdmin, buildTutor, type TestAccount } from '../factories.ts';
import { buildApprovedCourse, buildCourse, type TestCourse } from '../factories-course.ts';
import { cachedRead, startTestApp, type TestApp } from '../harness.ts';
import { inlinedSheet, miniatureWebDist, SERVER_RENDER_SETUP_MS, queryStateOf, rootOf } from './web-dist.ts';

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
  }, SERVER_RENDER_SETUP_MS);
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

  it('carries the course answer a guest would get as the state the browser hydrates, which cannot end its script early', async () => {
    const { html } = await page(`/course/${course.id}`);
    const state = queryStateOf(html);
    const api = await t.op('viewSingleCourse', { body: { courseId: course.id } });
    // The public trailer's link is signed per request (its expiry may differ by a second): compare its file.
    const unsigned = (a: unknown) =>
      JSON.parse(JSON.stringify(a).replace(/(\/media\/videos\/[^"?]+)\?[^"]*/g, '$1')) as unknown;
    const answer = state.queries.find((q) => q.queryKey[0] === 'course')!.state.data;
    expect(unsigned(answer)).toEqual(unsigned(api.body));
    // The title's <script> is inside the JSON escaped: the page holds no such element.
    expect(html).not.toContain("<script>alert('x')</script>");
  });

  it('a course that is not Approved, or does not exist, shows nothing of it and is not indexed', async () => {
    for (const p of [`/course/${pending.id}`, '/course/99999999', '/course/abc']) {
      const { status, html } = await page(p);
      expect(status).toBe(404);
      expect(html).not.toContain('A secret draft course');
      expect(html).toContain('<title>Course not found | DevLearn</title>');
      expect(metaContent(html, 'robots')).toBe('noindex');
      // The web app's Not found page, rendered on the server.
      expect(rootOf(html)).toContain('<h1>Course not found</h1>');
      expect(html).not.toContain('catalogue-K.css');
    }
  });

  it('home, a category and /teaching get their own title, description and canonical link', async () => {
    const home = await page('/');
    expect(home.html).toContain('<title>DevLearn: video courses by Nigerian tutors, in naira</title>');
    expect(home.html).toContain(`<link rel="canonical" href="${t.url}/" />`);
    // The first catalogue page comes with the document, under the list's own query key.
    expect(queryStateOf(home.html).queries.map((q) => q.queryKey)).toContainEqual([
      'course-cards',
      'catalogue',
      null,
      0,
    ]);

    const category = await page('/category/SoftwareTester?utm=x');
    expect(category.html).toContain('<title>Software Tester courses | DevLearn</title>');
    expect(category.html).toContain(`<link rel="canonical" href="${t.url}/category/SoftwareTester" />`);
    expect(queryStateOf(category.html).queries.map((q) => q.queryKey)).toContainEqual([
      'course-cards',
      'catalogue',
      'SoftwareTester',
      0,
    ]);

    const teaching = await page('/teaching');
    expect(teaching.html).toContain('<title>Teach on DevLearn | Become an instructor</title>');
    expect(metaContent(teaching.html, 'og:url')).toBe(`${t.url}/teaching`);
  });

  it("a page's head is written in the visitor's language (the lang cookie, else Accept-Language)", async () => {
    const inYoruba = await fetch(`${t.url}/category/SoftwareTester`, { headers: { cookie: 'lang=yo' } });
    const yo = await inYoruba.text();
    expect(yo).toContain('<html lang="yo"');
    expect(yo).toContain('<title>Àwọn ẹ̀kọ́ Software Tester | DevLearn</title>');
    const inHausa = await fetch(`${t.url}/teaching`, { headers: { 'accept-language': 'ha-NG,en;q=0.5' } });
    expect(await inHausa.text()).toContain('<title>Koyar a DevLearn | Zama malami</title>');
    // English for anyone else, and the English page is not served from the other languages' cache.
    expect((await page('/category/SoftwareTester')).html).toContain(
      '<title>Software Tester courses | DevLearn</title>',
    );
  });

  it('home reads without JavaScript: the banner and the first page of courses as cards in the root', async () => {
    await buildApprovedCourse(t, tutor, { title: 'Second card & co', nairaPrice: 2500.5 });
    const { html } = await page('/');
    const root = rootOf(html);
    expect(root).toContain('<h2>Learn skills that pay</h2>');
    expect(root).toContain('Browse categories</a>');
    expect(root).toContain('<h2 id="home-courses">Courses</h2>');
    expect(root).not.toContain('A secret draft course');

    // One card per course of the answer the page hydrates with (other test files may add courses on PostgreSQL).
    const list = queryStateOf(html).queries.find((q) => q.queryKey[1] === 'catalogue')!.state.data as {
      coursesDtos: { id: number; title: string }[];
    };
    expect(list.coursesDtos.length).toBeGreaterThanOrEqual(2);
    const cards = [...root.matchAll(/<article class="card course-card">(.*?)<\/article>/g)].map((m) => m[1]!);
    expect(cards).toHaveLength(list.coursesDtos.length);
    list.coursesDtos.forEach((dto, i) => {
      expect(cards[i]).toContain(`href="/course/${dto.id}"`);
      // React writes an apostrophe in text as &#x27;.
      expect(cards[i]).toContain(`<h3>${escaped(dto.title).replace(/&#39;/g, '&#x27;')}</h3>`);
    });
    // Only the first card's image is fetched first; the others wait until they near the screen.
    const images = cards.map((c) => /<img [^>]*>/.exec(c)![0]);
    expect(images[0]!.toLowerCase()).toContain('fetchpriority="high"');
    for (const img of images.slice(1)) expect(img).toContain('loading="lazy"');
    // The head preloads that image too.
    expect(html).toMatch(/<link rel="preload" as="image" href="[^"]+" imagesrcset="[^"]+"/);

    // A search the API refuses: the page says so, styled at first paint by the screen's style sheet.
    const search = (await page('/search?q=tests&minPrice=900&maxPrice=100')).html;
    expect(search).toContain(inlinedSheet('assets/search-S.css'));
    expect(rootOf(search)).toContain('role="alert"');
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
