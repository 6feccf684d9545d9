import { describe, expect, it } from 'vitest';
import { homeFirstScreen, type CardCourse } from '../../src/routes/web/first-screen.ts';

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
