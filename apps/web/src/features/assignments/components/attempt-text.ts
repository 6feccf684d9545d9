import type { TAssignmentDto, TSubmissionDto, TSubmissionStatus } from '@app/contract/assignments';
import { lagosWhen } from '@/lib/cohort-dates.ts';
import { formatCount, numberFormat } from '@/lib/i18n/format.ts';
import type { Translate } from '@/lib/i18n/index.ts';

/** What an attempt's status means to the student: its catalog key. */
export const STATUS_TEXT: Record<TSubmissionStatus, string> = {
  draft: 'assignments.status.draft',
  submitted: 'assignments.status.submitted',
  passed: 'assignments.status.passed',
  failed: 'assignments.status.failed',
  returned: 'assignments.status.returned',
};

/** The kind of work an assignment takes: its catalog key. */
export const TYPE_TEXT: Record<TAssignmentDto['submissionType'], string> = {
  text: 'assignments.type.text',
  file: 'assignments.type.file',
  link: 'assignments.type.link',
};

/** "Score: 13 of 16" for rubric-graded work; null when there is no score (pass/fail, not graded). */
export const scoreText = (t: Translate, s: Pick<TSubmissionDto, 'score' | 'scoreOutOf'>) =>
  s.score !== null && s.scoreOutOf ? t('assignments.score', { score: s.score, outOf: s.scoreOutOf }) : null;

/** 'Submitted Tue 12 January 2027, 09:00 WAT · late'. */
export function submittedText(t: Translate, s: TSubmissionDto): string {
  if (!s.submittedAt) return t('assignments.savedAt', { when: lagosWhen(s.savedAt) });
  const when = lagosWhen(s.submittedAt);
  return s.late ? t('assignments.submittedAtLate', { when }) : t('assignments.submittedAt', { when });
}

/** A file's size in kB or MB. */
export function sizeText(bytes: number): string {
  if (bytes < 1024 * 1024) return `${formatCount(Math.max(1, Math.round(bytes / 1024)))} kB`;
  const mb = numberFormat({ minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
    bytes / (1024 * 1024),
  );
  return `${mb} MB`;
}
