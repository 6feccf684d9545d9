import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sections, series } from '../../src/db/schema.ts';
import { buildTutor, type TestAccount } from '../factories.ts';
import { buildApprovedCourse } from '../factories-course.ts';
import { preloadKey } from '@app/contract/endpoints';
import { startTestApp, type TestApp } from '../harness.ts';
import { miniatureWebDist, rootOf } from './web-dist.ts';

describe("the course, category and search pages' first screens in the document the server sends", () => {
  let t: TestApp;
  let webDist: string;
  let tutor: TestAccount;

  beforeAll(async () => {
    webDist = miniatureWebDist();
    t = await startTestApp({ webDist });
    tutor = await buildTutor(t, { fullName: 'Ngozi Okafor' });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const page = async (p: string) => {
    const res = await fetch(`${t.url}${p}`);
    return { status: res.status, html: await res.text() };
  };

  it('a course reads without JavaScript: its first screen as a guest sees it, in the root, styled at first paint', async () => {
    const shown = await buildApprovedCourse(t, tutor, {
      title: 'First <screen> & "friends"',
      nairaPrice: 7500,
      category: 'DataAnalyst',
      description: 'See it all <b>before</b> the code runs.',
    });
    // Its second lesson is a free preview: the page offers it.
    const [second] = await t.ctx.db
      .select({ id: series.id })
      .from(series)
      .innerJoin(sections, eq(sections.id, series.sectionId))
      .where(and(eq(sections.courseId, shown.id), eq(series.title, 'Lesson 1.2')));
    await t.ctx.db.update(series).set({ preview: true }).where(eq(series.id, second!.id));
    await t.ctx.cache.invalidateCourse(shown.id);

    const { status, html } = await page(`/course/${shown.id}`);
    expect(status).toBe(200);
    const root = rootOf(html);
    expect(root).toMatch(/^<div id="root"><main id="main"><article class="page course-detail">/);
    expect(root).toContain(
      '<p class="course-detail-category"><a href="/category/DataAnalyst">Data Analyst</a></p>',
    );
    expect(root).toContain('<h1>First &lt;screen&gt; &amp; &quot;friends&quot;</h1>');
    expect(root).toContain('<p class="muted">By Ngozi Okafor</p>');
    expect(root).toContain(
      '<span class="rating rating-new" title="No reviews yet">New</span><span>0 students</span>',
    );
    expect(root).toContain('<p class="course-detail-price">₦7,500</p>');
    expect(root).toContain('<button type="button" class="btn" disabled data-until-app>Add to cart</button>');
    expect(root).toContain(
      `<a href="/view-course/${shown.id}?series=${second!.id}" class="btn btn-outline">Preview</a>`,
    );
    expect(root).toContain(
      '<p class="course-description">See it all &lt;b&gt;before&lt;/b&gt; the code runs.</p>',
    );
    expect(root).not.toContain('<b>');
    expect(root).toContain('<p class="muted">2 sections · 4 lessons</p>');
    expect(root).toContain(
      '<li><details open><summary><strong>Section 1</strong><span class="muted"> · 2 lessons</span></summary>' +
        '<ol><li>Lesson 1.1</li><li>Lesson 1.2<span class="preview-badge">Free preview</span></li></ol></details></li>',
    );
    // The course has a trailer: its button beside the cover, the cover fetched first with the preload's URLs.
    const trailer =
      /<div class="course-trailer">(<img [^>]*>)<button type="button" class="btn course-trailer-play" disabled data-until-app>Watch trailer<\/button><\/div>/.exec(
        root,
      );
    expect(trailer).not.toBeNull();
    const img = trailer![1]!;
    expect(img).toContain('fetchpriority="high"');
    expect(img).toContain('alt="First &lt;screen&gt; &amp; &quot;friends&quot;"');
    const preload =
      /<link rel="preload" as="image" href="([^"]+)" imagesrcset="([^"]+)" imagesizes="([^"]+)"/.exec(html);
    expect(preload).not.toBeNull();
    expect(img).toContain(`src="${preload![1]}" srcset="${preload![2]}" sizes="${preload![3]}"`);
    // The screen's styles are a style sheet of the document (painted styled), its code preloaded.
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/catalogue-K.css" />');
    expect(html).not.toContain('rel="preload" as="style"');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/CourseDetailPage-C.js" />');
    // The reviews load on their own: the outline ends the page.
    expect(root).toMatch(
      /<li>Lesson 2\.2<\/li><\/ol><\/details><\/li><\/ol><\/section><\/article><\/main><\/div>\s*$/,
    );
  });

  it("a category reads without JavaScript: its name and its first page's cards in the root, styled at first paint", async () => {
    const first = await buildApprovedCourse(t, tutor, {
      title: 'Tables & <charts>',
      category: 'DataScientist',
    });
    const { html } = await page('/category/DataScientist');
    const root = rootOf(html);
    expect(root).toMatch(
      /^<div id="root"><main id="main"><section class="page"><header class="page-head"><h1>Data Scientist<\/h1><p class="muted">Courses in this category<\/p><\/header><h2 class="visually-hidden">Courses<\/h2><div class="course-list"><div class="grid">/,
    );
    const cards = [...root.matchAll(/<article class="card course-card">(.*?)<\/article>/g)].map((m) => m[1]!);
    expect(cards.length).toBeGreaterThanOrEqual(1);
    expect(root).toContain(`<a href="/course/${first.id}" class="course-card-link">`);
    expect(root).toContain('<h3>Tables &amp; &lt;charts&gt;</h3>');
    expect(cards[0]).toContain('fetchpriority="high"');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/catalogue-K.css" />');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/CategoryPage-G.js" />');

    // A category without courses: its empty text.
    const empty = rootOf((await page('/category/ProjectManager')).html);
    expect(empty).toContain(
      '<h2 class="visually-hidden">Courses</h2><p class="empty-state">No courses available under this category at the moment.</p>',
    );
    expect(empty).not.toContain('course-card');
  });

  it('a search reads without JavaScript: its results in the root, and the answer the app asks for embedded', async () => {
    // A word of this test's own, in two titles: the results are exactly these courses.
    const word = `zeb${randomBytes(3).toString('hex').replace(/\d/g, 'q')}`;
    const first = await buildApprovedCourse(t, tutor, { title: `${word} for <beginners>`, nairaPrice: 5000 });
    const second = await buildApprovedCourse(t, tutor, { title: `Advanced ${word}`, nairaPrice: 9000 });
    const { status, html } = await page(`/search?q=${word}`);
    expect(status).toBe(200);
    const root = rootOf(html);
    expect(root).toMatch(
      new RegExp(
        `^<div id="root"><main id="main"><section class="page search-page"><h1>Results for &quot;${word}&quot;</h1>`,
      ),
    );
    // The Filters button and the filters (folded on a phone by the screen's style sheet), holding the search.
    expect(root).toContain(
      '<button type="button" class="btn btn-outline search-filters-toggle" aria-expanded="false" disabled data-until-app>Filters</button>',
    );
    expect(root).toContain(
      '<form action="/search" method="get" class="card search-filters search-filters-fold"',
    );
    expect(root).toContain(`<input id="search-q" name="q" type="search" value="${word}" />`);
    expect(root).toContain(
      '<p class="muted" role="status">2 courses</p><h2 class="visually-hidden">Courses</h2>',
    );
    const cards = [...root.matchAll(/<article class="card course-card">(.*?)<\/article>/g)].map((m) => m[1]!);
    expect(cards).toHaveLength(2);
    expect(root).toContain(`<a href="/course/${first.id}" class="course-card-link">`);
    expect(root).toContain(`<h3>${word} for &lt;beginners&gt;</h3>`);
    expect(root).toContain(`<a href="/course/${second.id}" class="course-card-link">`);
    expect(cards[0]).toContain('fetchpriority="high"');
    expect(html).toMatch(/<link rel="preload" as="image" href="[^"]+"/);
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/search-S.css" />');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/SearchPage-S.js" />');

    // The embedded answer is the API's own, under the request the page makes (its size, first page and sort).
    const request = { search: word, pageSize: 12, pageNo: 0, sort: 'relevance' as const };
    const api = await t.op('courseSearch', { body: request });
    const embedded = JSON.parse(
      /<script type="application\/json" id="[^"]+">(.*?)<\/script>/s.exec(html)![1]!,
    );
    expect(embedded).toEqual({ [preloadKey('POST', '/course/search', request)]: api.body });

    // Filters, sort and page are read from the URL as the app reads them; a new course is found at once.
    const third = await buildApprovedCourse(t, tutor, { title: `${word} in practice`, nairaPrice: 1000 });
    const cheap = rootOf((await page(`/search?q=${word}&maxPrice=6000&sort=priceAsc`)).html);
    expect(cheap).toContain('<p class="muted" role="status">2 courses</p>');
    expect(cheap.indexOf(`/course/${third.id}"`)).toBeLessThan(cheap.indexOf(`/course/${first.id}"`));
    expect(cheap).not.toContain(`/course/${second.id}"`);
    expect(cheap).toContain('<option value="priceAsc" selected>');
    expect(cheap).toContain('<input id="search-max" name="maxPrice" type="number" min="0" value="6000" />');

    // A word one letter off: the results of the word it was likely meant to be, and that word said.
    const typo = rootOf((await page(`/search?q=${word}x`)).html);
    expect(typo).toContain(
      `<p class="muted" role="status">Showing results for &quot;${word}&quot;. 3 courses</p>`,
    );
    // Nothing found: the empty text. No search yet: the open filters and the hint, nothing embedded.
    const nothing = `vyvyvy${randomBytes(4).toString('hex').replace(/\d/g, 'v')}`;
    const none = rootOf((await page(`/search?q=${nothing}`)).html);
    expect(none).toContain(
      `<div class="empty-state card" role="status"><p>No courses found for "${nothing}".</p></div>`,
    );
    const blank = await page('/search');
    expect(rootOf(blank.html)).toContain(
      'aria-expanded="true" disabled data-until-app>Filters</button><form action="/search" method="get" class="card search-filters" aria-label="Filters">',
    );
    expect(rootOf(blank.html)).toContain(
      '<p class="muted">Type what you are looking for and press Enter.</p>',
    );
    expect(blank.html).not.toContain('/course/search');
  });
});
