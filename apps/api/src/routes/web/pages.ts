import { ZSearchRequest, type TCourseDto } from '@app/contract/courses';
import { categoryLabel } from '@app/contract/categories';
import { CARD_IMAGE_SIZES, DETAIL_IMAGE_SIZES, imageSources } from '@app/contract/endpoints';
import {
  languageParam,
  readSearchParams,
  searchPageRequest,
  writeSearchParams,
  type SearchParams,
} from '@app/contract/search-page';
import type { Locale } from '@app/contract/locales';
import type { AppContext } from '../../context.ts';
import { translator, type Tr } from '../../i18n/index.ts';
import { courseTags, tag } from '../../cache/index.ts';
import { mayViewCourse } from '../../policies/course.ts';
import { presentCourses } from '../../queries/course-answers.ts';
import { courseRow, publishedCourseDates, publicCourses } from '../../queries/courses.ts';
import { searchAnswer, searchDepsOf } from '../../queries/search/search-answer.ts';
import { categoryCodes, categoryName } from '../../queries/taxonomy.ts';
import { certificatePage } from './certificate-page.ts';
import { formatNaira, summary, type PageHead } from './head.ts';

/** The first page of a course list, as the web app asks for it (CourseList: page size 10, first page). */
const FIRST_PAGE = { pageNo: 0, pageSize: 10 };

/**
 * What the API writes around a page the web app renders: its head, status, the answer cache's tags, and `module`,
 * the web app's source file of the page's lazy screen (a key of Vite's build manifest), whose code and styles the
 * document loads with it.
 */
export type Page = {
  head: PageHead;
  status: number;
  module?: string;
  /** The answer cache's tags of what the page shows; pages without them are not cached. */
  tags?: string[];
};

const SCREENS = {
  course: 'src/features/catalogue/CourseDetailPage.tsx',
  category: 'src/features/catalogue/CategoryPage.tsx',
  search: 'src/features/search/SearchPage.tsx',
  teaching: 'src/features/home/TeachingPage.tsx',
  // The table of the frame's other pages (the student screens and the unknown page), which the pages the browser
  // renders alone (a student's screens; the sign-in forms, whose next page is one) and the unknown page need first.
  other: 'src/app/OtherRoutes.tsx',
};

type Ctx = Pick<AppContext, 'db' | 'storage' | 'config' | 'wordStats' | 'cache'>;

const absolute = (ctx: Ctx, url: string) =>
  /^https?:\/\//.test(url) ? url : `${ctx.config.publicUrl}${url}`;

/**
 * What the first page of a course list (as a guest gets it) puts in the head: the first card's image (the likely
 * largest paint on a phone) to preload, and the answer cache's tags of the courses it shows.
 */
async function catalogue(
  ctx: Ctx,
  category?: string,
  language?: string,
): Promise<Pick<PageHead, 'preloadImage'> & { tags: string[] }> {
  const body = { ...FIRST_PAGE, ...(category ? { category } : {}), ...(language ? { language } : {}) };
  const { rows } = await publicCourses(ctx.db, body);
  const dtos: TCourseDto[] = await presentCourses(ctx, rows, null);
  return {
    preloadImage: dtos[0] && imageSources(dtos[0].courseImageUrl, CARD_IMAGE_SIZES),
    tags: [tag.list(category), ...rows.flatMap(courseTags)],
  };
}

async function coursePage(ctx: Ctx, id: number, canonical: string, t: Tr): Promise<Page | null> {
  const row = Number.isSafeInteger(id) && id > 0 ? await courseRow(ctx.db, id) : undefined;
  // Only what a guest may see: Approved and not deleted.
  if (!row || !mayViewCourse(null, row)) return null;
  const [dto] = await presentCourses(ctx, [row], null);
  const price = formatNaira(dto!.nairaPrice);
  return {
    status: 200,
    tags: courseTags(row),
    module: SCREENS.course,
    head: {
      title: t('head.titled', { title: dto!.title }),
      description: summary(
        t('head.course.description', { price, author: dto!.author, description: dto!.description }),
      ),
      canonical,
      image: absolute(ctx, dto!.courseImageUrl),
      imageAlt: dto!.title,
      price: { amount: dto!.nairaPrice, shown: price },
      type: 'product',
      preloadImage: imageSources(dto!.courseImageUrl, DETAIL_IMAGE_SIZES),
    },
  };
}

/**
 * The search page (the same for everyone: the page asks without the token): with a search, the tags of the answer
 * it shows and its first result's image. A request the API refuses is not cached: the page shows the API's message.
 */
async function searchPage(ctx: Ctx, s: SearchParams, head: PageHead): Promise<Page> {
  const page = { status: 200, module: SCREENS.search, head };
  if (!s.q) return page;
  const parsed = ZSearchRequest.safeParse(searchPageRequest(s));
  if (!parsed.success) return page;
  const { answer, tags } = await searchAnswer(searchDepsOf(ctx), parsed.data, false);
  const [first] = answer.coursesDtos;
  return {
    ...page,
    tags,
    head: {
      ...head,
      preloadImage: first?.courseImageUrl ? imageSources(first.courseImageUrl, CARD_IMAGE_SIZES) : undefined,
    },
  };
}

/** The query that names a page's content, for the answer cache's key: the search page's state, written as it reads it. */
export function pageQuery(pathname: string, query: URLSearchParams): string {
  if (pathname === '/search') return `?${writeSearchParams(readSearchParams(query))}`;
  // A category's courses in one language (`?language=yo`) are their own page.
  const language = pathname.startsWith('/category/') ? languageParam(query.get('language')) : undefined;
  return language ? `?language=${encodeURIComponent(language)}` : '';
}

/**
 * The head, status and cache tags of the page at `pathname` (an SPA path; unknown ones get the defaults), its words
 * in `locale`; `query` is the URL's query, which only the search page reads.
 */
export async function pageFor(
  ctx: Ctx,
  pathname: string,
  query: URLSearchParams = new URLSearchParams(),
  locale: Locale = 'en',
): Promise<Page> {
  const t = translator(locale);
  const canonical = `${ctx.config.publicUrl}${pathname === '/' ? '/' : pathname.replace(/\/+$/, '')}`;
  const site = (title: string, description = t('head.site.description')): PageHead => ({
    title,
    description,
    canonical,
    type: 'website',
  });

  const course = /^\/course\/([^/]+)\/?$/.exec(pathname);
  if (course) {
    const page = await coursePage(ctx, Number(course[1]), canonical, t);
    return (
      page ?? {
        status: 404,
        head: {
          ...site(t('head.course.notFoundTitle'), t('head.course.notFoundDescription')),
          noindex: true,
        },
      }
    );
  }
  const certificate = /^\/certificate\/([^/]+)\/?$/.exec(pathname);
  if (certificate) return certificatePage(ctx, certificate[1]!, canonical, t);
  if (pathname === '/') {
    const { preloadImage, tags } = await catalogue(ctx);
    return {
      status: 200,
      tags,
      head: { ...site(t('head.home.title')), preloadImage },
    };
  }
  const category = /^\/category\/([^/]+)\/?$/.exec(pathname);
  if (category) {
    const code = decodeURIComponent(category[1]!);
    const stored = await categoryName(ctx.db, code);
    const name = stored === undefined ? undefined : categoryLabel(code, stored);
    if (name) {
      const { preloadImage, tags } = await catalogue(ctx, code, languageParam(query.get('language')));
      const description = t('head.category.description', { name });
      return {
        status: 200,
        tags: [...tags, tag.taxonomy],
        module: SCREENS.category,
        head: { ...site(t('head.category.title', { name }), description), preloadImage },
      };
    }
  }
  if (pathname === '/teaching') {
    return {
      status: 200,
      module: SCREENS.teaching,
      head: site(t('head.teaching.title'), t('head.teaching.description')),
    };
  }
  if (pathname === '/search') return searchPage(ctx, readSearchParams(query), site(t('head.search.title')));
  return { status: 200, module: SCREENS.other, head: site(t('head.site.title')) };
}

/** Most URLs one sitemap file may list (sitemaps.org). */
const SITEMAP_MAX_URLS = 50_000;

/** sitemap.xml: the public pages and every Approved course (newest first), with their last change. */
export async function sitemapXml(ctx: Ctx): Promise<string> {
  const base = ctx.config.publicUrl;
  const [rows, cats] = await Promise.all([
    publishedCourseDates(ctx.db, SITEMAP_MAX_URLS - 100),
    categoryCodes(ctx.db),
  ]);
  const url = (path: string, lastmod?: Date) =>
    `  <url><loc>${escapeXml(base + path)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    url('/'),
    url('/categories'),
    url('/teaching'),
    ...cats.map((c) => url(`/category/${encodeURIComponent(c.code)}`)),
    ...rows.map((r) => url(`/course/${r.id}`, r.updatedAt)),
    '</urlset>',
    '',
  ].join('\n');
}

const escapeXml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** robots.txt: everything public may be crawled; signed-in areas and the API are left out. */
export function robotsTxt(ctx: Ctx): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /home/',
    'Disallow: /tutor/',
    'Disallow: /admin/',
    'Disallow: /checkout',
    'Disallow: /view-course/',
    'Disallow: /sandbox-pay/',
    '',
    `Sitemap: ${ctx.config.publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
