import type { TAssignmentDto, TSubmissionDto, TSubmissionStatus } from '@app/contract/assignments';
import { lagosWhen } from '@/lib/cohort-dates.ts';

/** What an attempt's status means to the student. */
export const STATUS_TEXT: Record<TSubmissionStatus, string> = {
  draft: 'Draft, not submitted yet',
  submitted: 'Submitted, waiting for a grade',
  passed: 'Passed',
  failed: 'Not passed',
  returned: 'Returned for resubmission',
};

export const TYPE_TEXT: Record<TAssignmentDto['submissionType'], string> = {
  text: 'Written answer',
  file: 'File upload',
  link: 'Link to your work',
};

/** "Score: 13 of 16" for rubric-graded work; null when there is no score (pass/fail, not graded). */
export const scoreText = (s: Pick<TSubmissionDto, 'score' | 'scoreOutOf'>) =>
  s.score !== null && s.scoreOutOf ? `Score: ${s.score} of ${s.scoreOutOf}` : null;

/** 'Submitted Tue 12 January 2027, 09:00 WAT · late'. */
export function submittedText(s: TSubmissionDto): string {
  if (!s.submittedAt) return `Saved ${lagosWhen(s.savedAt)}`;
  return `Submitted ${lagosWhen(s.submittedAt)}${s.late ? ' · late' : ''}`;
}

/** A file's size in kB or MB. */
export function sizeText(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} kB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
