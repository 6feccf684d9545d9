import type { TCourseDto } from '@app/contract/courses';
import { categoryLabel } from '@app/contract/categories';
import { DETAIL_IMAGE_SIZES, imageSources } from '@app/contract/endpoints';
import { attr, rating, UNTIL_APP } from './first-screen.ts';
import { escapeHtml, formatNaira } from './head.ts';

/**
 * A course page's first screen as plain HTML, put inside the root by the server, as a guest sees it: the title,
 * author, rating, the buy card (cover, price, actions) and the description and outline. The markup and classes mirror
 * apps/web's CourseDetailPage (with CourseTrailer, CoursePrice and WishlistHeart) closely enough to take the same
 * space, so nothing moves when React replaces it at its first render. The reviews load on their own and are left out.
 */

export type DetailCourse = Pick<
  TCourseDto,
  | 'id'
  | 'title'
  | 'author'
  | 'description'
  | 'nairaPrice'
  | 'salePrice'
  | 'courseImageUrl'
  | 'courseVideoUrl'
  | 'courseCategory'
  | 'studentCount'
  | 'averageRating'
  | 'ratingCount'
  | 'sectionDto'
  | 'canWatch'
>;

const plural = (n: number, one: string) => `${n} ${n === 1 ? one : `${one}s`}`;

/** CoursePrice.tsx with no coupon: the price, or in a sale the price struck through, the sale price and the saving. */
function price(c: DetailCourse): string {
  const sale = c.salePrice ?? c.nairaPrice;
  if (sale >= c.nairaPrice) return `<p class="course-detail-price">${formatNaira(c.nairaPrice)}</p>`;
  const was = formatNaira(c.nairaPrice);
  return (
    `<p class="course-detail-price"><s class="price-was" aria-label="Was ${was}">${was}</s> ${formatNaira(sale)}</p>` +
    `<p class="course-saving" role="status">You save ${formatNaira(c.nairaPrice - sale)} in the sale</p>`
  );
}

/** The cover (the page's largest paint, fetched first), with CourseTrailer's 'Watch trailer' when there is one. */
function cover(c: DetailCourse): string {
  const img = imageSources(c.courseImageUrl, DETAIL_IMAGE_SIZES);
  const tag =
    `<img${attr('src', img.src)}${attr('srcset', img.srcSet)}${attr('sizes', img.sizes)}${attr('alt', c.title)}` +
    ' width="400" height="225" fetchpriority="high" class="cover" />';
  if (!c.courseVideoUrl) return tag;
  // The trailer plays only with the app's code: here the button keeps its place.
  return (
    `<div class="course-trailer">${tag}` +
    `<button type="button" class="btn course-trailer-play"${UNTIL_APP}>Watch trailer</button></div>`
  );
}

/** WishlistHeart.tsx as a guest sees it (off); with the app's code it asks them to log in. */
function heart(c: DetailCourse): string {
  return (
    `<button type="button" class="heart-button" aria-pressed="false"${attr('aria-label', `Add ${c.title} to wishlist`)}${UNTIL_APP}>` +
    '<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true"><path fill="none" stroke="currentColor" ' +
    'stroke-width="2" d="M12 21s-7.5-4.6-9.5-9.2C1.1 8.5 3.2 5 6.6 5c2 0 3.5 1.1 4.4 2.6h2C13.9 6.1 15.4 5 17.4 5c3.4 0 5.5 3.5 4.1 6.8C19.5 16.4 12 21 12 21z" />' +
    '</svg></button>'
  );
}

/** The outline: sections (open when there are at most three) with their lessons and free-preview badges. */
function outline(c: DetailCourse): string {
  const open = c.sectionDto.length <= 3 ? ' open' : '';
  const lessons = c.sectionDto.reduce((n, s) => n + s.seriesList.length, 0);
  const items = c.sectionDto
    .map(
      (section) =>
        `<li><details${open}><summary><strong>${escapeHtml(section.title)}</strong>` +
        `<span class="muted"> · ${plural(section.seriesList.length, 'lesson')}</span></summary><ol>` +
        section.seriesList
          .map(
            (series) =>
              `<li>${escapeHtml(series.title)}` +
              `${series.preview ? '<span class="preview-badge">Free preview</span>' : ''}</li>`,
          )
          .join('') +
        '</ol></details></li>',
    )
    .join('');
  return (
    '<section class="course-detail-section"><h2>Course content</h2>' +
    `<p class="muted">${plural(c.sectionDto.length, 'section')} · ${plural(lessons, 'lesson')}</p>` +
    `<ol class="outline">${items}</ol></section>`
  );
}

/** CourseDetailPage inside the Frame's <main>, for a guest with no coupon, without the reviews. */
export function courseFirstScreen(c: DetailCourse): string {
  // The first free preview lesson a guest may play, as the page finds it.
  const preview = c.sectionDto
    .flatMap((s) => s.seriesList)
    .find((s) => s.preview && (s.hlsLink || s.videoLink));
  const category = c.courseCategory;
  return (
    '<main id="main"><article class="page course-detail"><div class="course-detail-head">' +
    '<div class="course-detail-text">' +
    `<p class="course-detail-category"><a href="/category/${escapeHtml(encodeURIComponent(category))}">` +
    `${escapeHtml(categoryLabel(category))}</a></p>` +
    `<h1>${escapeHtml(c.title)}</h1>` +
    `<p class="muted">By ${escapeHtml(c.author)}</p>` +
    `<p class="course-card-meta">${rating(c.averageRating, c.ratingCount)}` +
    `<span>${c.studentCount.toLocaleString('en-NG')} ${c.studentCount === 1 ? 'student' : 'students'}</span></p>` +
    '</div>' +
    `<aside class="card course-buy">${cover(c)}<div class="course-buy-body">${price(c)}` +
    `<div class="course-buy-actions"><button type="button" class="btn"${UNTIL_APP}>Add to cart</button>${heart(c)}</div>` +
    (!c.canWatch && preview
      ? `<a href="/view-course/${c.id}?series=${preview.id}" class="btn btn-outline">Preview</a>`
      : '') +
    '</div></aside></div>' +
    '<section class="course-detail-section"><h2>About this course</h2>' +
    `<p class="course-description">${escapeHtml(c.description)}</p></section>` +
    `${outline(c)}</article></main>`
  );
}
