import type { FastifyInstance } from 'fastify';
import { MAX_ID } from '@app/contract/common';
import {
  NO_COURSE_MESSAGE,
  type TCourseDto,
  type TCourseResponse,
  type TCoursesPageResponse,
} from '@app/contract/courses';
import { courseTags, tag, type JsonOf } from '../../cache/index.ts';
import { notFound, ok } from '../../errors.ts';
import { currentAccount, requireRole } from '../../plugins/auth.ts';
import { legacyMp4Client } from '../../plugins/cross-origin.ts';
import { maySearchEveryStatus, mayViewCourse } from '../../policies/course.ts';
import { presentCourses, signLinks, type AnswerDeps } from '../../queries/course-answers.ts';
import type { PendingLink } from '../../presenters/course.ts';
import { guestCourses } from '../../queries/course-cards.ts';
import { courseCardRow, courseRow, publicCourseCards, publicCourses } from '../../queries/courses.ts';
import { searchAnswer, searchCacheKey, searchDepsOf } from '../../queries/search/search-answer.ts';
import { courseGroupRows, groupCategories } from '../../queries/taxonomy.ts';
import { presentCategories, presentGroups } from '../../presenters/taxonomy.ts';
import { viewerWithReleases } from '../../commands/releases.ts';
import { opRoute } from '../op-route.ts';
import { viewerAuth } from './viewer.ts';

/** Groups and categories change only with a release (migrations): browsers and proxies may keep them a minute. */
const TAXONOMY_CACHING = 'public, max-age=60';

/** A cached answer showing a course goes when the course or its author's name changes. */

/**
 * The `fill` a cached answer keeps (its preview lessons' links, signed once per link window), made out here rather
 * than in the route's handler: a closure keeps the whole scope it was made in, and a handler's scope holds the
 * request, so every cached answer with preview lessons kept its request alive (IncomingMessage, Fastify's request,
 * its logger and headers: 13,000 of 20,000 cached details held about 20 MB of heap). `dtos` picks the courses of
 * the answer and is a module-level function for the same reason.
 */
function linkFill<A>(
  ctx: Pick<AnswerDeps, 'storage' | 'config'>,
  dtos: (answer: A) => TCourseDto[],
  links: readonly PendingLink[],
  mp4: boolean,
): ((answer: A) => Promise<void>) | undefined {
  return links.length ? (answer) => signLinks(ctx, dtos(answer), links, 0, mp4) : undefined;
}
const pageDtos = (a: TCoursesPageResponse) => a.coursesDtos;
const detailDtos = (a: TCourseResponse) => [a.coursesDto];

/** A group named by a number beyond the id column's range cannot exist: look for id 0, which none has. */
const idOrZero = (key: string) => {
  const id = Number(key);
  return id <= MAX_ID ? id : 0;
};

/** Public catalogue: groups, categories, the Approved list, course outlines and search. */
export default async function catalogueRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const deps = { db: ctx.db, jwtSecret: ctx.config.jwtSecret };
  const TAG = 'catalogue';
  const searchDeps = searchDepsOf(ctx);
  // Guests' calls: a token only personalises the answer, so it is not in the documented security.
  const anyViewer = { preValidation: viewerAuth(deps) };

  opRoute(app, 'courseGroups', { tag: TAG }, (req, reply) =>
    ctx.cache.serve(req, reply, 'groups', async () => {
      const courseGroupsRows = await courseGroupRows(ctx.db);
      return {
        answer: { responseDto: ok(), courseGroups: presentGroups(courseGroupsRows) },
        tags: [tag.taxonomy],
        cacheControl: TAXONOMY_CACHING,
      };
    }),
  );

  opRoute(app, 'courseCategories', { tag: TAG }, (req, reply) =>
    ctx.cache.serve(req, reply, `categories|${req.params.group}`, async () => {
      const answer = await categoriesOf(req.params.group);
      return { answer, tags: [tag.taxonomy], cacheControl: TAXONOMY_CACHING };
    }),
  );

  /** A group's categories, by the group's code or id. */
  async function categoriesOf(key: string) {
    const rows = await groupCategories(ctx.db, key, /^\d+$/.test(key) ? idOrZero(key) : null);
    if (!rows) return notFound(`Course group "${key}" does not exist.`);
    return { responseDto: ok(), courseCategories: presentCategories(rows) };
  }

  opRoute(app, 'studentCourses', { tag: TAG, extra: anyViewer }, async (req, reply) => {
    // A signed-in viewer's page differs (owned, canWatch, their links): never from the shared cache.
    if (req.account) {
      const { rows, total } = await publicCourses(ctx.db, req.body, ctx.cache);
      const coursesDtos = await presentCourses(ctx, rows, req.account, {
        lessonMp4: legacyMp4Client(req, ctx.config),
      });
      return { responseDto: ok(), coursesDtos, totalData: total };
    }
    const { category = '', pageNo, pageSize, language } = req.body;
    // A spec client on CORS_ORIGINS gets the preview lessons' MP4s too: an answer of its own in the cache.
    const mp4 = legacyMp4Client(req, ctx.config);
    return ctx.cache.serve(
      req,
      reply,
      `list|${category}|${pageNo}|${pageSize}${language ? `|lang:${language}` : ''}${mp4 ? '|mp4' : ''}`,
      async () => {
        // The courses' cards joined into the page (queries/course-cards.ts).
        const { rows, total } = await publicCourseCards(ctx.db, req.body, ctx.cache);
        const { json, links } = await guestCourses(ctx, rows);
        const page: JsonOf<TCoursesPageResponse> = `{"responseDto":${JSON.stringify(ok())},"coursesDtos":[${json.join(',')}],"totalData":${total}}`;
        return {
          json: page,
          tags: [tag.list(req.body.category), ...rows.flatMap(courseTags)],
          // Preview lessons carry signed, expiring links: kept out of the cache, signed for every request.
          fill: linkFill(ctx, pageDtos, links, mp4),
        };
      },
    );
  });

  opRoute(app, 'viewSingleCourse', { tag: TAG }, (req, reply) => {
    const mp4 = legacyMp4Client(req, ctx.config);
    return ctx.cache.serve(req, reply, `course|${req.body.courseId}${mp4 ? '|mp4' : ''}`, async () => {
      const row = await courseCardRow(ctx.db, req.body.courseId);
      if (!row || !mayViewCourse(null, row)) return notFound(NO_COURSE_MESSAGE);
      const { json, links } = await guestCourses(ctx, [row]);
      const answer: JsonOf<TCourseResponse> = `{"responseDto":${JSON.stringify(ok())},"coursesDto":${json[0]!}}`;
      return {
        json: answer,
        tags: courseTags(row),
        fill: linkFill(ctx, detailDtos, links, mp4),
      };
    });
  });

  // The one route whose auth runs after validation: its only input is the id in the path, and an id that cannot
  // exist is a 404 for anyone (test/robustness/bad-input.test.ts), like any unknown id.
  const anyAccount = requireRole(deps, 'user', 'tutor', 'admin');
  opRoute(app, 'singleCourse', { tag: TAG, auth: anyAccount, authAfterValidation: true }, async (req) => {
    const account = currentAccount(req);
    const row = await courseRow(ctx.db, req.params.id);
    if (!row) return notFound(NO_COURSE_MESSAGE);
    // A cohort member sees locked sections with their opening date, without links (docs/cohorts.md).
    const viewer = await viewerWithReleases(ctx.db, account, [row.id]);
    if (!mayViewCourse(viewer, row)) return notFound(NO_COURSE_MESSAGE);
    const [dto] = await presentCourses(ctx, [row], account, {
      viewer,
      lessonMp4: legacyMp4Client(req, ctx.config),
    });
    return { responseDto: ok(), coursesDto: dto! };
  });

  opRoute(app, 'courseSearch', { tag: TAG, extra: anyViewer }, async (req, reply) => {
    const everyStatus = maySearchEveryStatus(req.account);
    const find = () => searchAnswer(searchDeps, req.body, everyStatus);
    // Hits are the same for every caller except the admin, who also finds courses under review.
    if (everyStatus) return (await find()).answer;
    return ctx.cache.serve(req, reply, searchCacheKey(req.body), find);
  });
}
