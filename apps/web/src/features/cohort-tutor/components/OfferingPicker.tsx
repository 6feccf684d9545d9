import { toast } from 'react-toastify';
import { COURSE_OFFERINGS, type TCourseOffering } from '@app/contract/cohort-rules';
import { useT } from '@/lib/i18n/index.ts';
import { genericError, refusalMessage } from '@/lib/messages.ts';
import { useSaveOffering } from '../api/cohorts.ts';

/** The catalog keys of the offerings' names and notes (read with `t`). */
export const OFFERING_LABELS: Record<TCourseOffering, string> = {
  self_paced: 'cohortTutor.offering.selfPaced',
  cohorts: 'cohortTutor.offering.cohorts',
  both: 'cohortTutor.offering.both',
};

const OFFERING_NOTES: Record<TCourseOffering, string> = {
  self_paced: 'cohortTutor.offering.selfPacedNote',
  cohorts: 'cohortTutor.offering.cohortsNote',
  both: 'cohortTutor.offering.bothNote',
};

/** How the course is sold: self-paced, in cohorts only, or both; saved as soon as the tutor picks one. */
export function OfferingPicker({ courseId, offering }: { courseId: number; offering: TCourseOffering }) {
  const t = useT();
  const save = useSaveOffering(courseId);
  const pick = (next: TCourseOffering) =>
    save.mutate(next, {
      onSuccess: () =>
        toast.success(t('cohortTutor.offering.saved', { offering: t(OFFERING_LABELS[next]).toLowerCase() })),
      onError: (err) => toast.error(refusalMessage(err, genericError())),
    });
  return (
    <fieldset className="card cohort-offering" disabled={save.isPending}>
      <legend>{t('cohortTutor.offering.legend')}</legend>
      {COURSE_OFFERINGS.map((o) => (
        <label key={o}>
          <input
            type="radio"
            name={`offering-${courseId}`}
            checked={(save.isPending ? save.variables : offering) === o}
            onChange={() => pick(o)}
          />
          <span>
            <strong>{t(OFFERING_LABELS[o])}</strong>
            <span className="muted"> {t(OFFERING_NOTES[o])}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
