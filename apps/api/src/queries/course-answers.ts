import type { TCourseDto } from '@app/contract/courses';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Viewer } from '../policies/course.ts';
import { courseDtos, type CourseRow, type PendingLink } from '../presenters/course.ts';
import { MEDIA_URL_TTL_SECONDS, signHlsPath } from '../services/storage/signing.ts';
import type { Storage } from '../services/storage/storage.ts';
import { courseOutlines } from './course-outline.ts';
import { courseRowsByIds } from './course-rows.ts';
import { latestReasons } from './course-history.ts';
import { coursesNetKobo } from './earnings.ts';
import { quizStandings } from './quizzes.ts';
import { loadViewer } from './viewer.ts';

/** What course answers are read and signed with. */
export type AnswerDeps = { db: Db; storage: Storage; config: Config };

export type PresentOptions = {
  /** Add buyerCount and totalEarnings (tutor and admin answers). */
  earnings?: boolean;
  /** Leave out sections (list pages that only show cards still get them by default). */
  outline?: boolean;
  /** The caller's viewer when the route already loaded it for these courses (saves the enrolment query). */
  viewer?: Viewer | null;
  /**
   * Leave the media links null and add them here instead, for `signLinks` to fill in later: the answer cache
   * keeps the answer without them and signs them afresh for every request.
   */
  deferLinks?: PendingLink[];
  /**
   * Sign lessons' original MP4s (`videoLink`) for a student or a guest: only for a spec client on CORS_ORIGINS
   * (`legacyMp4Client`). Tutors and admins always get them; our web app plays the encrypted ladder only.
   */
  lessonMp4?: boolean;
};

/** Whether a caller of this role gets lessons' original MP4 links without asking (the course's staff). */
export const keepsOriginals = (role: Viewer['role'] | undefined) => role === 'tutor' || role === 'admin';

/**
 * The spec's `coursesDto` of course rows for one caller, in a fixed number of queries: the caller's enrolments
 * (unless `opts.viewer` is given), the outlines with their counts and quizzes in one statement, a student's standing
 * on those quizzes, and for earnings the latest status reasons and each course's net; then the presenter, then the media links signed (or deferred, see `deferLinks`).
 */
export async function presentCourses(
  ctx: AnswerDeps,
  rows: CourseRow[],
  account: { id: number; role: Viewer['role'] } | null,
  opts: PresentOptions = {},
): Promise<TCourseDto[]> {
  if (rows.length === 0) return [];
  const { db } = ctx;
  const ids = rows.map((r) => r.id);
  const withOutline = opts.outline !== false;
  const [viewer, outline, reasons, earnedKobo, standings] = await Promise.all([
    opts.viewer !== undefined ? opts.viewer : loadViewer(db, account, ids),
    courseOutlines(db, ids, withOutline),
    opts.earnings ? latestReasons(db, ids) : Promise.resolve(new Map<number, string | null>()),
    opts.earnings ? coursesNetKobo(db, rows) : Promise.resolve(new Map<number, number>()),
    // A student's own standing on the quizzes (passed, best percent); nobody else has attempts.
    withOutline && account?.role === 'user' ? quizStandings(db, account.id, ids) : Promise.resolve([]),
  ]);
  const quizStanding = new Map(standings.map((s) => [s.quizId, s]));
  const { dtos, links } = courseDtos(
    rows,
    { viewer, outline, reasons, earnedKobo, quizStanding },
    opts.earnings,
  );
  if (opts.deferLinks) opts.deferLinks.push(...links);
  else await signLinks(ctx, dtos, links, viewer?.id ?? 0, !!opts.lessonMp4 || keepsOriginals(account?.role));
  return dtos;
}

/**
 * Signs the links of answers made by `presentCourses` for the viewer `viewerId` (0: a guest), valid for
 * `MEDIA_URL_TTL_SECONDS` from now; lessons' MP4s only with `lessonMp4` (else they stay null). Signed links expire, so an answer kept in the shared cache is stored without
 * them and gets them here on every request.
 */
export async function signLinks(
  ctx: Pick<AnswerDeps, 'storage' | 'config'>,
  dtos: TCourseDto[],
  links: readonly PendingLink[],
  viewerId: number,
  lessonMp4: boolean,
): Promise<void> {
  const exp = Math.floor(Date.now() / 1000) + MEDIA_URL_TTL_SECONDS;
  await Promise.all(
    links.map(async ({ course, section, lesson, field, ref }) => {
      const dto = dtos[course]!;
      if (field === 'courseVideoUrl') {
        dto.courseVideoUrl = await ctx.storage.signedUrl(ref, viewerId, MEDIA_URL_TTL_SECONDS);
        return;
      }
      if (field === 'courseVideoHlsLink') {
        dto.courseVideoHlsLink = signHlsPath(ctx.config.jwtSecret, ref, viewerId, exp);
        return;
      }
      if (field === 'videoLink' && !lessonMp4) return;
      const target = dto.sectionDto[section!]!.seriesList[lesson!]!;
      // A lesson's master names the lesson, whose captions it lists (routes/media/hls.ts).
      target[field] =
        field === 'hlsLink'
          ? `${signHlsPath(ctx.config.jwtSecret, ref, viewerId, exp)}?lesson=${target.id}`
          : await ctx.storage.signedUrl(ref, viewerId, MEDIA_URL_TTL_SECONDS);
    }),
  );
}

/** Presents courses by id for a caller (for example a student's owned courses in /user/allcourses). */
export async function presentCoursesByIds(
  ctx: AnswerDeps,
  ids: number[],
  account: { id: number; role: Viewer['role'] } | null,
  opts?: PresentOptions,
): Promise<TCourseDto[]> {
  return presentCourses(ctx, await courseRowsByIds(ctx.db, ids), account, opts);
}
