import type { FastifyInstance } from 'fastify';
import { captionLanguageLabel, MAX_CAPTION_BYTES } from '@app/contract/caption-languages';
import { NO_COURSE_MESSAGE } from '@app/contract/courses';
import { deleteCaption, saveCaption } from '../../commands/captions.ts';
import { memberSections } from '../../commands/releases.ts';
import { badRequest, forbidden, notFound, ok, tooLarge } from '../../errors.ts';
import { CaptionFileError, decodeCaptionBytes, readCaptions } from '../../lib/captions.ts';
import { currentAccount, requireRole } from '../../plugins/auth.ts';
import { isCourseStaff, mayWatchCourse } from '../../policies/course.ts';
import { captionDto, transcriptHits } from '../../presenters/captions.ts';
import { courseCaptions, lessonOfCourse } from '../../queries/captions.ts';
import { courseRow } from '../../queries/courses.ts';
import { loadViewer } from '../../queries/viewer.ts';
import { opRoute } from '../op-route.ts';

const NOT_A_LESSON = 'This lesson is not part of the course.';
const TOO_LARGE = 'The caption file is too large. The limit is 1 MB.';

/** The language's name in itself (`Naijá`, `português`), else its code. */
function languageLabel(code: string): string {
  const ours = captionLanguageLabel(code);
  if (ours !== code) return ours;
  try {
    return new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * Captions (docs/media.md, "Captions"): the course's tutor and admins upload, list and delete a lesson's captions
 * per language; whoever may watch the course searches the transcripts of all its lessons.
 */
export default async function captionRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const deps = { db: ctx.db, jwtSecret: ctx.config.jwtSecret };
  const tag = 'captions';
  const staff = requireRole(deps, 'tutor', 'admin');
  const signedIn = requireRole(deps, 'user', 'tutor', 'admin');

  /** The course, when the caller is its tutor or an admin (404 unknown, 403 another tutor's). */
  async function staffCourse(courseId: number, account: { id: number; role: 'user' | 'tutor' | 'admin' }) {
    const course = (await courseRow(ctx.db, courseId)) ?? notFound(NO_COURSE_MESSAGE);
    if (course.deletedAt) notFound(NO_COURSE_MESSAGE);
    if (!isCourseStaff(account, course)) forbidden('This course belongs to another tutor.');
    return course;
  }

  opRoute(
    app,
    'captionUpload',
    {
      tag,
      auth: staff,
      description:
        "Adds or replaces a lesson's captions in one language from a `.vtt` or `.srt` file (base64 of its " +
        'UTF-8 bytes; SRT is converted to WebVTT). A file that cannot be read, a cue past the end of the video ' +
        'or a file that is not UTF-8 is a 400 naming the line, and the captions saved before stay as they were.',
      extra: { bodyLimit: 2 * MAX_CAPTION_BYTES },
    },
    async (req) => {
      const { courseId, seriesId, language, fileName } = req.body;
      await staffCourse(courseId, currentAccount(req));
      const lesson = (await lessonOfCourse(ctx.db, courseId, seriesId)) ?? notFound(NOT_A_LESSON);
      const ext = /\.(vtt|srt)$/i.exec(fileName)?.[1];
      if (!ext) badRequest('Upload a WebVTT (.vtt) or SubRip (.srt) caption file.');
      const bytes = Buffer.from(req.body.data, 'base64');
      if (bytes.length === 0) badRequest('The caption file is empty.');
      if (bytes.length > MAX_CAPTION_BYTES) tooLarge(TOO_LARGE);
      let read;
      try {
        read = readCaptions(decodeCaptionBytes(bytes), { fileName, durationSeconds: lesson.durationSeconds });
      } catch (err) {
        if (err instanceof CaptionFileError) return badRequest(`${fileName}: ${err.message}`);
        throw err;
      }
      const row = await saveCaption(ctx.db, {
        seriesId,
        language,
        label: req.body.label || languageLabel(language),
        fileName,
        format: read.format,
        vtt: read.vtt,
        cues: read.cues,
      });
      return { responseDto: ok('Captions saved'), caption: captionDto(row) };
    },
  );

  opRoute(app, 'captionList', { tag, auth: staff }, async (req) => {
    await staffCourse(req.body.courseId, currentAccount(req));
    const rows = await courseCaptions(ctx.db, req.body.courseId);
    return { responseDto: ok(), captions: rows.map(captionDto) };
  });

  opRoute(app, 'captionDelete', { tag, auth: staff }, async (req) => {
    const { courseId, seriesId, language } = req.body;
    await staffCourse(courseId, currentAccount(req));
    if (!(await lessonOfCourse(ctx.db, courseId, seriesId))) notFound(NOT_A_LESSON);
    if (!(await deleteCaption(ctx.db, seriesId, language)))
      notFound('This lesson has no captions in that language.');
    return { responseDto: ok('Captions deleted') };
  });

  opRoute(
    app,
    'transcriptSearch',
    {
      tag,
      auth: signedIn,
      description:
        'Searches the captions of every lesson of a course for the cues holding each word of `query` (case ' +
        'and accents aside): the lesson, the language and the second each starts at. For whoever may watch ' +
        'the course; a cohort member finds only the sections released to them.',
    },
    async (req) => {
      const account = currentAccount(req);
      const course = (await courseRow(ctx.db, req.body.courseId)) ?? notFound(NO_COURSE_MESSAGE);
      const viewer = await loadViewer(ctx.db, account, [course.id]);
      if (!mayWatchCourse(viewer, course)) forbidden('Buy this course to search its transcripts.');
      // A cohort member's sections not released yet stay out, as their lessons do.
      const states = await memberSections(ctx.db, account, course.id);
      const rows = (await courseCaptions(ctx.db, course.id)).filter(
        (r) =>
          (!req.body.language || r.language === req.body.language) &&
          (states?.get(r.sectionId)?.open ?? true),
      );
      return { responseDto: ok(), ...transcriptHits(rows, req.body.query) };
    },
  );
}
