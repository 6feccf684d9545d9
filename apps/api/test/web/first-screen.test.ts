import { describe, expect, it } from 'vitest';
import { courseFirstScreen, type DetailCourse } from '../../src/routes/web/course-screen.ts';
import { categoryFirstScreen, homeFirstScreen, type CardCourse } from '../../src/routes/web/first-screen.ts';

const course = (over: Partial<CardCourse> = {}): CardCourse => ({
  id: 7,
  title: 'Tests "that" <b>bold</b> & more',
  author: "Ngozi O'Kafor",
  nairaPrice: 15000,
  salePrice: null,
  courseImageUrl: '/media/images/abc.png',
  studentCount: 0,
  averageRating: null,
  ratingCount: 0,
  ...over,
});

const cardsOf = (html: string) =>
  [...html.matchAll(/<article class="card course-card">(.*?)<\/article>/g)].map((m) => m[1]!);

describe("the home page's first screen as the server paints it", () => {
  it("a card shows what the web app's card shows, with every text escaped", () => {
    const [card] = cardsOf(homeFirstScreen([course()]));
    expect(card).toContain('<a href="/course/7" class="course-card-link">');
    expect(card).toContain('<h3>Tests &quot;that&quot; &lt;b&gt;bold&lt;/b&gt; &amp; more</h3>');
    expect(card).toContain('alt="Tests &quot;that&quot; &lt;b&gt;bold&lt;/b&gt; &amp; more"');
    expect(card).toContain('<p class="muted">Ngozi O&#39;Kafor</p>');
    expect(card).toContain('<span class="rating rating-new" title="No reviews yet">New</span>');
    expect(card).toContain('<span>0 students</span>');
    expect(card).toContain('<p class="course-card-price"> ₦15,000</p>');
    expect(card).not.toContain('<b>');
  });

  it('a rated course on sale: the average, review and student counts, the old price struck through', () => {
    const [card] = cardsOf(
      homeFirstScreen([
        course({
          averageRating: 4.25,
          ratingCount: 1234,
          studentCount: 1,
          salePrice: 9999.5,
          nairaPrice: 20000,
        }),
      ]),
    );
    expect(card).toContain('<span class="visually-hidden">Rated 4.3 out of 5 by 1234 students</span>');
    expect(card).toContain('★ 4.3 <span class="rating-count">(1,234)</span>');
    expect(card).toContain('<span>1 student</span>');
    expect(card).toContain(
      '<p class="course-card-price"><s class="course-card-was">₦20,000</s> ₦9,999.5</p>',
    );
  });

  it('the first image is fetched first at the card sizes; the others wait until they near the screen', () => {
    const cards = cardsOf(
      homeFirstScreen([course(), course({ id: 8, courseImageUrl: 'https://cdn.example/x.jpg' })]),
    );
    expect(cards[0]).toMatch(
      /<img class="cover" src="\/media\/images\/[^"]+" srcset="[^"]+ \d+w, [^"]+" sizes="\(max-width: 560px\)[^"]+" alt="[^"]+" width="400" height="225" fetchpriority="high" \/>/,
    );
    // An image the server did not store has no WebP copies: its URL alone.
    expect(cards[1]).toContain(
      '<img class="cover" src="https://cdn.example/x.jpg" alt="Tests &quot;that&quot; &lt;b&gt;bold&lt;/b&gt; &amp; more" width="400" height="225" loading="lazy" />',
    );
  });

  it("sits in the frame's main after the banner; no courses shows the list's empty text", () => {
    const html = homeFirstScreen([]);
    expect(html).toMatch(/^<main id="main"><section class="banner"[^>]*>/);
    expect(html).toContain('<div class="banner-slide banner-slide-1" role="group"');
    expect(html).toContain('<h2>Learn skills that pay</h2>');
    expect(html).toContain(
      '<section class="container home-section" id="courses" aria-labelledby="home-courses">',
    );
    expect(html).toContain('<p class="empty-state">No courses available at the moment.</p>');
    expect(html).not.toContain('course-card');
    expect(html).toMatch(/<\/section><\/main>$/);
  });
});

const detail = (over: Partial<DetailCourse> = {}): DetailCourse => ({
  ...course(),
  description: 'Line one <i>\nline two',
  courseVideoUrl: null,
  courseCategory: 'SoftwareTester',
  canWatch: false,
  sectionDto: [
    {
      id: 1,
      title: 'Start & <setup>',
      seriesList: [
        { id: 11, title: 'Welcome', preview: true, hlsLink: null, videoLink: null },
        { id: 12, title: 'Install <node>', preview: true, hlsLink: null, videoLink: '/media/videos/a.mp4' },
      ],
    },
  ] as DetailCourse['sectionDto'],
  ...over,
});

describe("a course page's first screen as the server paints it (a guest's view)", () => {
  it('the category, title, author, rating and students in the head; every text escaped', () => {
    const html = courseFirstScreen(detail({ averageRating: 4.5, ratingCount: 2, studentCount: 1200 }));
    expect(html).toMatch(
      /^<main id="main"><article class="page course-detail"><div class="course-detail-head"><div class="course-detail-text">/,
    );
    expect(html).toContain(
      '<p class="course-detail-category"><a href="/category/SoftwareTester">Software Tester</a></p>',
    );
    expect(html).toContain('<h1>Tests &quot;that&quot; &lt;b&gt;bold&lt;/b&gt; &amp; more</h1>');
    expect(html).toContain('<p class="muted">By Ngozi O&#39;Kafor</p>');
    expect(html).toContain('★ 4.5 <span class="rating-count">(2)</span>');
    expect(html).toContain('<span>1,200 students</span></p></div>');
    expect(html).toContain('<p class="course-description">Line one &lt;i&gt;\nline two</p>');
    expect(html).not.toContain('<b>');
    expect(html).not.toContain('<i>');
    expect(html).toMatch(/<\/article><\/main>$/);
  });

  it('the buy card: the cover fetched first, the price, Add to cart, the heart and the first playable preview', () => {
    const html = courseFirstScreen(detail());
    const buy = /<aside class="card course-buy">(.*)<\/aside>/.exec(html)![1]!;
    expect(buy).toMatch(
      /^<img src="\/media\/images\/abc\.png\.w720\.webp" srcset="[^"]+ 360w, [^"]+ 720w, [^"]+ 1080w" sizes="\(max-width: 760px\)[^"]+" alt="Tests &quot;that&quot; &lt;b&gt;bold&lt;\/b&gt; &amp; more" width="400" height="225" fetchpriority="high" class="cover" \/><div class="course-buy-body">/,
    );
    expect(buy).toContain('<p class="course-detail-price">₦15,000</p>');
    expect(buy).not.toContain('course-saving');
    expect(buy).toContain(
      '<div class="course-buy-actions"><button type="button" class="btn" disabled data-until-app>Add to cart</button>' +
        '<button type="button" class="heart-button" aria-pressed="false" aria-label="Add Tests &quot;that&quot; &lt;b&gt;bold&lt;/b&gt; &amp; more to wishlist" disabled data-until-app><svg viewBox="0 0 24 24" width="20" height="20"',
    );
    // 'Welcome' is marked preview but has no video yet: the link goes to the first one that plays.
    expect(buy).toMatch(
      /<\/div><a href="\/view-course\/7\?series=12" class="btn btn-outline">Preview<\/a><\/div>$/,
    );
    expect(buy).not.toContain('course-trailer');
  });

  it('a trailer wraps the cover with its Watch trailer button; no preview link for one who may watch', () => {
    const html = courseFirstScreen(detail({ courseVideoUrl: '/media/videos/t.mp4', canWatch: true }));
    expect(html).toMatch(
      /<aside class="card course-buy"><div class="course-trailer"><img [^>]* class="cover" \/><button type="button" class="btn course-trailer-play" disabled data-until-app>Watch trailer<\/button><\/div><div class="course-buy-body">/,
    );
    expect(html).not.toContain('Preview</a>');
  });

  it('a sale: the price struck through, the sale price and the saving, as CoursePrice shows them', () => {
    const html = courseFirstScreen(detail({ nairaPrice: 20000, salePrice: 12500.5 }));
    expect(html).toContain(
      '<p class="course-detail-price"><s class="price-was" aria-label="Was ₦20,000">₦20,000</s> ₦12,500.5</p>' +
        '<p class="course-saving" role="status">You save ₦7,499.5 in the sale</p>',
    );
    // A "sale" at or above the price is no sale.
    expect(courseFirstScreen(detail({ salePrice: 15000 }))).toContain(
      '<p class="course-detail-price">₦15,000</p><div class="course-buy-actions">',
    );
  });

  it('the outline: sections open up to three, lesson counts, preview badges, texts escaped', () => {
    const html = courseFirstScreen(detail());
    expect(html).toContain(
      '<section class="course-detail-section"><h2>Course content</h2><p class="muted">1 section · 2 lessons</p>' +
        '<ol class="outline"><li><details open><summary><strong>Start &amp; &lt;setup&gt;</strong>' +
        '<span class="muted"> · 2 lessons</span></summary><ol>' +
        '<li>Welcome<span class="preview-badge">Free preview</span></li>' +
        '<li>Install &lt;node&gt;<span class="preview-badge">Free preview</span></li></ol></details></li></ol></section>',
    );
    const section = (id: number) => ({
      id,
      title: `S${id}`,
      seriesList: [{ id: id * 10, title: 'Only', preview: false, hlsLink: null, videoLink: null }],
    });
    const four = courseFirstScreen(
      detail({ sectionDto: [1, 2, 3, 4].map(section) as DetailCourse['sectionDto'] }),
    );
    expect(four).toContain('<p class="muted">4 sections · 4 lessons</p>');
    expect(four).toContain('<details><summary><strong>S4</strong><span class="muted"> · 1 lesson</span>');
    expect(four).not.toContain('<details open>');
    expect(four).not.toContain('preview-badge');
    expect(four).not.toContain('Preview</a>');
  });
});

describe("a category page's first screen as the server paints it", () => {
  it("the category's name, the hidden Courses heading and the cards, the first image fetched first", () => {
    const html = categoryFirstScreen('UIUXDesigner', [course(), course({ id: 8 })], 2, 10);
    expect(html).toMatch(
      /^<main id="main"><section class="page"><header class="page-head"><h1>UI\/UX Designer<\/h1><p class="muted">Courses in this category<\/p><\/header><h2 class="visually-hidden">Courses<\/h2><div class="course-list"><div class="grid">/,
    );
    const cards = cardsOf(html);
    expect(cards).toHaveLength(2);
    expect(cards[0]).toContain('fetchpriority="high"');
    expect(cards[1]).toContain('loading="lazy"');
    // One page: no pager, as Pager renders nothing.
    expect(html).toMatch(/<\/article><\/div><\/div><\/section><\/main>$/);
  });

  it('more than a page: the pager on its first page; no courses: the empty text; an unknown code as its name', () => {
    const html = categoryFirstScreen('DataAnalyst', [course()], 21, 10);
    expect(html).toContain(
      '</div><nav class="pager" aria-label="Pages"><button type="button" disabled aria-label="Previous page">‹</button>' +
        '<button type="button" aria-current="page" class="active" disabled data-until-app>1</button><button type="button" disabled data-until-app>2</button>' +
        '<button type="button" disabled data-until-app>3</button><button type="button" disabled data-until-app aria-label="Next page">›</button></nav></div></section>',
    );
    const empty = categoryFirstScreen('<Odd&Code>', [], 0, 10);
    expect(empty).toContain('<h1>&lt;Odd&amp;Code&gt;</h1>');
    expect(empty).toContain(
      '<h2 class="visually-hidden">Courses</h2><p class="empty-state">No courses available under this category at the moment.</p></section></main>',
    );
    expect(empty).not.toContain('course-list');
  });
});
