import { toast } from 'react-toastify';
import { COURSE_OFFERINGS, type TCourseOffering } from '@app/contract/cohort-rules';
import { GENERIC_ERROR, refusalMessage } from '@/lib/messages.ts';
import { useSaveOffering } from '../api/cohorts.ts';

export const OFFERING_LABELS: Record<TCourseOffering, string> = {
  self_paced: 'Self-paced',
  cohorts: 'In cohorts only',
  both: 'Both: self-paced and in cohorts',
};

const OFFERING_NOTES: Record<TCourseOffering, string> = {
  self_paced: 'Every lesson opens at purchase.',
  cohorts: 'A student buys a seat in a cohort; the course cannot be bought without one.',
  both: 'A student buys the course as it is, or a seat in a cohort.',
};

/** How the course is sold: self-paced, in cohorts only, or both; saved as soon as the tutor picks one. */
export function OfferingPicker({ courseId, offering }: { courseId: number; offering: TCourseOffering }) {
  const save = useSaveOffering(courseId);
  const pick = (next: TCourseOffering) =>
    save.mutate(next, {
      onSuccess: () => toast.success(`This course is now sold: ${OFFERING_LABELS[next].toLowerCase()}.`),
      onError: (err) => toast.error(refusalMessage(err, GENERIC_ERROR)),
    });
  return (
    <fieldset className="card cohort-offering" disabled={save.isPending}>
      <legend>How this course is sold</legend>
      {COURSE_OFFERINGS.map((o) => (
        <label key={o}>
          <input
            type="radio"
            name={`offering-${courseId}`}
            checked={(save.isPending ? save.variables : offering) === o}
            onChange={() => pick(o)}
          />
          <span>
            <strong>{OFFERING_LABELS[o]}</strong>
            <span className="muted"> {OFFERING_NOTES[o]}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
