import type { TAssignmentInput } from '@app/contract/assignments';
import { z } from 'zod';
import { ZNairaPrice, type TCourseDto, type TCourseInput } from '@app/contract/courses';
import type { TQuizInput } from '@app/contract/quizzes';
import { isLocale, LANGUAGE_TAG_PATTERN } from '@app/contract/locales';
import { t as translate, type Translate } from '@/lib/i18n/index.ts';

/** The language select's choice for a language the app does not offer: its tag is typed in `otherLanguage`. */
export const OTHER_LANGUAGE = 'other';

/**
 * Step 1 (and the edit screen's course view) as the form holds it: the price stays text until saved. Its messages
 * are in the language of `t` (a form builds it in its render).
 */
export const detailsSchema = (t: Translate) =>
  z
    .object({
      courseGroup: z.string().min(1, { error: t('wizard.error.groupRequired') }),
      courseCategory: z.string().min(1, { error: t('wizard.error.categoryRequired') }),
      title: z
        .string()
        .trim()
        .min(1, { error: t('wizard.error.titleRequired') })
        .max(200, { error: t('wizard.error.titleTooLong') }),
      description: z
        .string()
        .trim()
        .min(1, { error: t('wizard.error.descriptionRequired') })
        .max(10_000, { error: t('wizard.error.descriptionTooLong') }),
      nairaPrice: z
        .string()
        .trim()
        .min(1, { error: t('wizard.error.priceRequired') })
        .superRefine((value, ctx) => {
          const n = Number(value);
          if (!Number.isFinite(n)) {
            ctx.addIssue({ code: 'custom', message: t('wizard.error.priceNotNumber') });
            return;
          }
          const checked = ZNairaPrice.safeParse(n);
          if (!checked.success)
            ctx.addIssue({
              code: 'custom',
              message: checked.error.issues[0]?.message ?? t('wizard.error.priceInvalid'),
            });
        }),
      courseImageUrl: z.string().min(1, { error: t('wizard.error.imageRequired') }),
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
          message: t('wizard.error.languageCode'),
        });
    });
export type DetailsValues = z.infer<ReturnType<typeof detailsSchema>>;

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

/** What a blank section title says. */
export const sectionTitleBlank = () => translate('wizard.error.sectionTitleBlank');
/** The Save rules of the sections (spec §5), the contract's sentences in the active language. */
export const noSectionsMessage = () => translate('wizard.error.noSections');
export const sectionWithoutSeries = (section: number) =>
  translate('wizard.error.sectionWithoutSeries', { section });

/**
 * A series as edited: `videoFile` holds the uploaded video's file name, `resourceName` only labels the resource.
 * Its messages are in the language of `t`.
 */
export const seriesSchema = (t: Translate) =>
  z.object({
    id: z.number().optional(),
    title: z
      .string()
      .trim()
      .min(1, { error: t('wizard.error.seriesTitleRequired') })
      .max(200, { error: t('wizard.error.seriesTitleTooLong') }),
    videoLink: z.string().min(1, { error: t('wizard.error.seriesVideoRequired') }),
    videoFile: z.string().nullable(),
    resourceFile: z.string().nullable(),
    resourceName: z.string().nullable(),
    /** A free preview lesson: guests and non-owners may watch it. */
    preview: z.boolean(),
  });
export type SeriesDraft = z.infer<ReturnType<typeof seriesSchema>>;

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
  if (sections.length === 0) return noSectionsMessage();
  const empty = sections.findIndex((s) => s.seriesList.length === 0);
  return empty === -1 ? null : sectionWithoutSeries(empty + 1);
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
