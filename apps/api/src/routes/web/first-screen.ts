import type { TCourseCard } from '@app/contract/courses';
import { CARD_IMAGE_SIZES, imageSources } from '@app/contract/endpoints';
import { categoryLabel } from '@app/contract/categories';
import { CATEGORY_NO_COURSES, HOME_BANNER_SLIDES, HOME_NO_COURSES } from '@app/contract/home';
import { escapeHtml, formatNaira } from './head.ts';

/**
 * The home page's first screen as plain HTML, put inside the root by the server: the banner and the first page of
 * course cards, painted (the first card's image with it) before the web app's code has arrived, and read without
 * JavaScript. The markup and classes mirror apps/web's Frame <main>, Banner, HomePage and CourseCard closely enough
 * to take the same space, so nothing moves when React replaces it at its first render.
 */

const SLIDES = HOME_BANNER_SLIDES;

export type CardCourse = TCourseCard;

export const attr = (name: string, value: string | undefined) =>
  value === undefined ? '' : ` ${name}="${escapeHtml(value)}"`;

/**
 * Every slide, not only the first: the track is as tall as its tallest slide, so the banner takes the space the
 * web app's does. The others sit off screen and hidden, as there.
 */
/**
 * Marks a button that acts only with the app's code: disabled until the app replaces it, so a tap in that moment is
 * refused rather than lost (the style sheet keeps its look; a browser automation waits for it to be enabled).
 */
export const UNTIL_APP = ' disabled data-until-app';

function banner(): string {
  const slides = SLIDES.map((s, i) => {
    const hidden = i !== 0;
    return (
      `<div class="banner-slide banner-slide-${i + 1}" role="group" aria-roledescription="slide" ` +
      `aria-label="${i + 1} of ${SLIDES.length}" aria-hidden="${hidden}">` +
      `<div class="container banner-content"><h2>${escapeHtml(s.title)}</h2><p>${escapeHtml(s.text)}</p>` +
      `<a href="${escapeHtml(s.cta.to)}" class="btn banner-cta" tabindex="${hidden ? -1 : 0}">${escapeHtml(s.cta.label)}</a>` +
      '</div></div>'
    );
  }).join('');
  // The dots change slide only with the app's code: here they keep their place, out of reach.
  const dots = SLIDES.map(
    (_, i) => `<button type="button" tabindex="-1"${i === 0 ? ' aria-current="true"' : ''}></button>`,
  ).join('');
  return (
    '<section class="banner" aria-roledescription="carousel" aria-label="Highlights">' +
    `<div class="banner-viewport"><div class="banner-track">${slides}</div></div>` +
    `<div class="banner-dots" aria-hidden="true">${dots}</div>` +
    '</section>'
  );
}

/** Rating.tsx: the average to one decimal and the number of reviews, or 'New'. */
export function rating(average: number | null, count: number): string {
  if (average == null || !count) return '<span class="rating rating-new" title="No reviews yet">New</span>';
  const label = `Rated ${average.toFixed(1)} out of 5 by ${count} ${count === 1 ? 'student' : 'students'}`;
  return (
    `<span class="rating" title="${label}"><span class="visually-hidden">${label}</span>` +
    `<span aria-hidden="true">★ ${average.toFixed(1)} <span class="rating-count">(${count.toLocaleString('en-NG')})</span></span></span>`
  );
}

/** CourseCard.tsx without the wishlist heart (it sits over the image, taking no space). */
export function courseCard(c: CardCourse, priority: boolean): string {
  const img = imageSources(c.courseImageUrl, CARD_IMAGE_SIZES);
  const onSale = c.salePrice != null && c.salePrice < c.nairaPrice;
  return (
    '<article class="card course-card">' +
    `<a href="/course/${c.id}" class="course-card-link">` +
    `<img class="cover"${attr('src', img.src)}${attr('srcset', img.srcSet)}${attr('sizes', img.sizes)}` +
    `${attr('alt', c.title)} width="400" height="225"${priority ? ' fetchpriority="high"' : ' loading="lazy"'} />` +
    '<div class="course-card-body">' +
    `<h3>${escapeHtml(c.title)}</h3>` +
    `<p class="muted">${escapeHtml(c.author)}</p>` +
    `<p class="course-card-meta">${rating(c.averageRating, c.ratingCount)}` +
    `<span>${c.studentCount.toLocaleString('en-NG')} ${c.studentCount === 1 ? 'student' : 'students'}</span></p>` +
    '<p class="course-card-price">' +
    (onSale ? `<s class="course-card-was">${formatNaira(c.nairaPrice)}</s>` : '') +
    ` ${formatNaira(c.salePrice ?? c.nairaPrice)}</p>` +
    '</div></a></article>'
  );
}

/**
 * The home page inside the Frame's <main>: the banner, then the Courses section with the first page's cards (the
 * first one's image fetched first). No courses: the list's empty text, as CourseList shows it.
 */
export function homeFirstScreen(courses: readonly CardCourse[]): string {
  const list =
    courses.length > 0
      ? `<div class="course-list"><div class="grid">${courses.map((c, i) => courseCard(c, i === 0)).join('')}</div></div>`
      : `<p class="empty-state">${escapeHtml(HOME_NO_COURSES)}</p>`;
  return (
    `<main id="main">${banner()}` +
    '<section class="container home-section" id="courses" aria-labelledby="home-courses">' +
    `<h2 id="home-courses">Courses</h2>${list}</section></main>`
  );
}

/**
 * Pager.tsx on page `page` (zero-based): nothing for one page; otherwise previous, the page numbers (that one
 * current) and next, each end disabled on its last page. Its buttons turn pages only with the app's code (UNTIL_APP).
 */
export function pager(pageCount: number, page = 0): string {
  if (pageCount <= 1) return '';
  const pages = Array.from(
    { length: pageCount },
    (_, p) =>
      `<button type="button"${p === page ? ' aria-current="page" class="active"' : ''}${UNTIL_APP}>${p + 1}</button>`,
  ).join('');
  return (
    '<nav class="pager" aria-label="Pages">' +
    `<button type="button"${page === 0 ? ' disabled' : UNTIL_APP} aria-label="Previous page">‹</button>` +
    pages +
    `<button type="button"${page >= pageCount - 1 ? ' disabled' : UNTIL_APP} aria-label="Next page">›</button></nav>`
  );
}

/** The empty text of a category without courses, as CategoryPage gives it to CourseList. */

/**
 * CategoryPage inside the Frame's <main>: the category's name, then CourseList's first page (its cards, the first
 * one's image fetched first, and the pager when there are more pages) or its empty text. `total` is the number of
 * the category's courses, `pageSize` the list's page size.
 */
export function categoryFirstScreen(
  code: string,
  courses: readonly CardCourse[],
  total: number,
  pageSize: number,
): string {
  const list =
    courses.length > 0
      ? '<div class="course-list"><div class="grid">' +
        courses.map((c, i) => courseCard(c, i === 0)).join('') +
        `</div>${pager(Math.ceil(total / pageSize))}</div>`
      : `<p class="empty-state">${escapeHtml(CATEGORY_NO_COURSES)}</p>`;
  return (
    '<main id="main"><section class="page"><header class="page-head">' +
    // The name the web app shows (the contract's table, else the code), so the heading wraps the same way.
    `<h1>${escapeHtml(categoryLabel(code))}</h1><p class="muted">Courses in this category</p></header>` +
    `<h2 class="visually-hidden">Courses</h2>${list}</section></main>`
  );
}
