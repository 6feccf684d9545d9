import { ZAssignmentInput, type TAssignmentInput } from '@app/contract/assignments';
import { ZQuizInput, type TQuizInput } from '@app/contract/quizzes';
import { KEYS } from '@/lib/storage-keys.ts';
import {
  emptyDetails,
  emptySeries,
  type DetailsValues,
  type SectionDraft,
  type SeriesDraft,
} from './course-form.ts';

/** Everything the wizard holds, kept under `courseData` so a reload loses nothing. */
export type CourseDraft = {
  step: 1 | 2 | 3;
  details: DetailsValues;
  sections: SectionDraft[];
  /** The section whose series step 3 shows (zero-based). */
  activeSection: number;
  /** A series being written in step 3 but not yet added (its video may already be uploaded). */
  pendingSeries: SeriesDraft;
};

export const emptyDraft = (): CourseDraft => ({
  step: 1,
  details: { ...emptyDetails },
  sections: [],
  activeSection: 0,
  pendingSeries: { ...emptySeries },
});

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
/** A stored quiz the save can send (anything else is dropped). */
const isQuiz = (v: unknown): v is TQuizInput => ZQuizInput.safeParse(v).success;
/** A stored assignment the save can send (anything else is dropped). */
const isAssignment = (v: unknown): v is TAssignmentInput => ZAssignmentInput.safeParse(v).success;
const str = (v: unknown) => (typeof v === 'string' ? v : '');
const strOrNull = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);

function readSeries(v: unknown): SeriesDraft {
  const r = isObject(v) ? v : {};
  return {
    title: str(r.title),
    videoLink: str(r.videoLink),
    videoFile: strOrNull(r.videoFile),
    resourceFile: strOrNull(r.resourceFile),
    resourceName: strOrNull(r.resourceName),
    preview: r.preview === true,
  };
}

/** Reads the stored draft; anything missing or malformed falls back to empty values. */
export function loadDraft(): CourseDraft {
  let raw: unknown;
  try {
    raw = JSON.parse(localStorage.getItem(KEYS.courseData) ?? 'null');
  } catch {
    raw = null;
  }
  const base = emptyDraft();
  if (!isObject(raw)) return base;
  const d = isObject(raw.details) ? raw.details : {};
  const details = Object.fromEntries(Object.keys(emptyDetails).map((k) => [k, str(d[k])])) as DetailsValues;
  const sections: SectionDraft[] = Array.isArray(raw.sections)
    ? raw.sections.filter(isObject).map((s) => ({
        title: str(s.title),
        seriesList: Array.isArray(s.seriesList) ? s.seriesList.map(readSeries) : [],
        quizzes: Array.isArray(s.quizzes) ? s.quizzes.filter(isQuiz) : [],
        assignments: Array.isArray(s.assignments) ? s.assignments.filter(isAssignment) : [],
      }))
    : [];
  const step = raw.step === 2 || raw.step === 3 ? raw.step : 1;
  const active = typeof raw.activeSection === 'number' ? raw.activeSection : 0;
  return {
    step,
    details,
    sections,
    activeSection: Math.max(0, Math.min(active, sections.length - 1)),
    pendingSeries: readSeries(raw.pendingSeries),
  };
}

export function saveDraft(draft: CourseDraft) {
  localStorage.setItem(KEYS.courseData, JSON.stringify(draft));
}

export function clearDraft() {
  localStorage.removeItem(KEYS.courseData);
}
