import {
  PLAN_DOWNLOADS_PAUSED,
  PLAN_SUSPENDED_REFUSAL,
  type TPlanStatus,
} from '@app/contract/instalment-rules';

/**
 * Why a student may not download a course's lesson for offline use, given the status of their plan of it (none
 * when the course was bought outright): a late plan pauses new downloads, a suspended one refuses them (watching
 * follows `mayWatchCourse`, which locks a suspended plan's course); null when the download may go on.
 */
export function planDownloadRefusal(status: TPlanStatus | undefined): string | null {
  if (status === 'past_due') return PLAN_DOWNLOADS_PAUSED;
  if (status === 'suspended') return PLAN_SUSPENDED_REFUSAL;
  return null;
}
