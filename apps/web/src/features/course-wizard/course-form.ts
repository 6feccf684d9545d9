import type { TAssignmentInput } from '@app/contract/assignments';
import { z } from 'zod';
import {
  NO_SECTIONS_MESSAGE,
  sectionWithoutSeriesMessage,
  ZNairaPrice,
  type TCourseDto,
  type TCourseInput,
} from '@app/contract/courses';
import type { TQuizInput } from '@app/contract/quizzes';
import { isLocale, LANGUAGE_TAG_PATTERN } from '@app/contract/locales';

/** The language select's choice for a language the app does not offer: its tag is typed in `otherLanguage`. */
export const OTHER_LANGUAGE = 'other';

/** Step 1 (and the edit screen's course view) as the form holds it: the price stays text until saved. */
export const ZDetailsForm = z
  .object({
    courseGroup: z.string().min(1, { error: 'Course group is required' }),
    courseCategory: z.string().min(1, { error: 'Course category is required' }),
    title: z
      .string()
      .trim()
      .min(1, { error: 'Title is required' })
      .max(200, { error: 'Title must be at most 200 characters' }),
    description: z
      .string()
      .trim()
      .min(1, { error: 'Description is required' })
      .max(10_000, { error: 'Description must be at most 10000 characters' }),
    nairaPrice: z
      .string()
      .trim()
      .min(1, { error: 'Price is required' })
      .superRefine((value, ctx) => {
        const n = Number(value);
        if (!Number.isFinite(n)) {
          ctx.addIssue({ code: 'custom', message: 'Price must be a number' });
          return;
        }
        const checked = ZNairaPrice.safeParse(n);
        if (!checked.success)
          ctx.addIssue({ code: 'custom', message: checked.error.issues[0]?.message ?? 'Invalid price' });
      }),
    courseImageUrl: z.string().min(1, { error: 'Course image is required' }),
    courseVideoUrl: z.string(),
    imageName: z.string(),
    videoName: z.string(),
    /** One of the app's languages, or OTHER_LANGUAGE with the tag in `otherLanguage` ('' from an older draft: English). */
    language: z.string(),
    otherLanguage: z.string(),
  })
  .superRefine((v, ctx) => {
    if (v.language === OTHER_LANGUAGE && !LANGUAGE_TAG_PATTERN.test(v.otherLanguage.trim()))
      ctx.addIssue({
        code: 'custom',
        path: ['otherLanguage'],
        message: 'Type a language code, for example fr for French or sw for Swahili.',
      });
  });
export type DetailsValues = z.infer<typeof ZDetailsForm>;

/** The course's language as the server takes it. */
export const languageOf = (d: Pick<DetailsValues, 'language' | 'otherLanguage'>): string =>
  d.language === OTHER_LANGUAGE ? d.otherLanguage.trim() : d.language || 'en';

export const emptyDetails: DetailsValues = {
  courseGroup: '',
  courseCategory: '',
  title: '',
  description: '',
  nairaPrice: '',
  courseImageUrl: '',
  courseVideoUrl: '',
  imageName: '',
  videoName: '',
  language: 'en',
  otherLanguage: '',
};

export const SECTION_TITLE_BLANK = 'Section title must not be blank';

/** A series as edited: `videoFile` holds the uploaded video's file name, `resourceName` only labels the resource. */
export const ZSeriesForm = z.object({
  id: z.number().optional(),
  title: z
    .string()
    .trim()
    .min(1, { error: 'Series title is required' })
    .max(200, { error: 'Series title must be at most 200 characters' }),
  videoLink: z.string().min(1, { error: 'Series video is required' }),
  videoFile: z.string().nullable(),
  resourceFile: z.string().nullable(),
  resourceName: z.string().nullable(),
  /** A free preview lesson: guests and non-owners may watch it. */
  preview: z.boolean(),
});
export type SeriesDraft = z.infer<typeof ZSeriesForm>;

export const emptySeries: SeriesDraft = {
  title: '',
  videoLink: '',
  videoFile: null,
  resourceFile: null,
  resourceName: null,
  preview: false,
};

/** `quizzes`: the wizard's quizzes of the section, saved once the course exists (the edit screen saves each at once). */
export type SectionDraft = {
  id?: number;
  title: string;
  seriesList: SeriesDraft[];
  quizzes?: TQuizInput[];
  /** The wizard's assignments of the section, saved once the course exists (docs/assignments.md). */
  assignments?: TAssignmentInput[];
};

/** The first reason the sections cannot be saved (spec §5), or null when they can. */
export function sectionsProblem(sections: SectionDraft[]): string | null {
  if (sections.length === 0) return NO_SECTIONS_MESSAGE;
  const empty = sections.findIndex((s) => s.seriesList.length === 0);
  return empty === -1 ? null : sectionWithoutSeriesMessage(empty + 1);
}

/** The course as `/course/tutoraddcourses` and `/course/update` take it (only contract fields). */
export function toCourseInput(details: DetailsValues, sections: SectionDraft[]): TCourseInput {
  return {
    title: details.title.trim(),
    description: details.description.trim(),
    nairaPrice: Number(details.nairaPrice),
    courseImageUrl: details.courseImageUrl,
    courseVideoUrl: details.courseVideoUrl || null,
    courseGroup: details.courseGroup,
    courseCategory: details.courseCategory,
    language: languageOf(details),
    sectionDto: sections.map((s) => ({
      ...(s.id !== undefined ? { id: s.id } : {}),
      title: s.title.trim(),
      seriesList: s.seriesList.map((r) => ({
        ...(r.id !== undefined ? { id: r.id } : {}),
        title: r.title.trim(),
        videoLink: r.videoLink,
        resourceFile: r.resourceFile,
        videoFile: r.videoFile,
        preview: r.preview,
      })),
    })),
  };
}

/** A file's name from its url, to label media received from the server. */
export function nameFromUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const last = new URL(url, window.location.origin).pathname.split('/').pop();
    return last ? decodeURIComponent(last) : null;
  } catch {
    return null;
  }
}

/** The edit screen's starting point: the course as the server answered it. */
export function fromCourseDto(course: TCourseDto): { details: DetailsValues; sections: SectionDraft[] } {
  return {
    details: {
      courseGroup: course.courseGroup,
      courseCategory: course.courseCategory,
      title: course.title,
      description: course.description,
      nairaPrice: String(course.nairaPrice),
      courseImageUrl: course.courseImageUrl,
      courseVideoUrl: course.courseVideoUrl ?? '',
      imageName: '',
      videoName: course.courseVideoFile ?? nameFromUrl(course.courseVideoUrl) ?? '',
      ...languageFields(course.language ?? 'en'),
    },
    sections: course.sectionDto.map((s) => ({
      id: s.id,
      title: s.title,
      seriesList: s.seriesList.map((r) => ({
        id: r.id,
        title: r.title,
        videoLink: r.videoLink ?? '',
        videoFile: r.videoFile,
        resourceFile: r.resourceFile,
        resourceName: nameFromUrl(r.resourceFile),
        preview: r.preview,
      })),
    })),
  };
}

/** The language select and its typed tag for a course's language. */
function languageFields(language: string): Pick<DetailsValues, 'language' | 'otherLanguage'> {
  return isLocale(language)
    ? { language, otherLanguage: '' }
    : { language: OTHER_LANGUAGE, otherLanguage: language };
}
