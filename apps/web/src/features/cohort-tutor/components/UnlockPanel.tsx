import { useId, useState } from 'react';
import { toast } from 'react-toastify';
import { FormAlert } from '@/components/form/FormAlert.tsx';
import { SelectField } from '@/components/form/FormField.tsx';
import { GENERIC_ERROR, refusalMessage } from '@/lib/messages.ts';
import { useUnlockSection } from '../api/cohorts.ts';

type Named = { id: number; title: string };
type Member = { studentId: number; fullName: string };

/** Opens a section early for one member of the cohort or for everyone in it; once open it never locks again. */
export function UnlockPanel({
  cohortId,
  sections,
  members,
}: {
  cohortId: number;
  sections: Named[];
  members: Member[];
}) {
  const id = useId();
  const unlock = useUnlockSection();
  const [sectionId, setSectionId] = useState(String(sections[0]?.id ?? ''));
  const [studentId, setStudentId] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (sections.length === 0) return null;
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    const section = sections.find((s) => String(s.id) === sectionId);
    const member = members.find((m) => String(m.studentId) === studentId);
    if (!section) return setError('Choose a section.');
    unlock.mutate(
      { cohortId, sectionId: section.id, ...(member ? { studentId: member.studentId } : {}) },
      {
        onSuccess: () =>
          toast.success(
            `${section.title} is open for ${member ? member.fullName : 'everyone in this cohort'}.`,
          ),
        onError: (err) => setError(refusalMessage(err, GENERIC_ERROR)),
      },
    );
  };
  return (
    <form className="card cohort-form" aria-label="Unlock a section early" onSubmit={submit} noValidate>
      <h3>Unlock a section early</h3>
      <div className="cohort-form-pair">
        <SelectField
          id={`${id}-section`}
          label="Section"
          value={sectionId}
          onChange={(e) => setSectionId(e.target.value)}
        >
          {sections.map((s) => (
            <option key={s.id} value={s.id}>
              {s.title}
            </option>
          ))}
        </SelectField>
        <SelectField
          id={`${id}-for`}
          label="For"
          value={studentId}
          onChange={(e) => setStudentId(e.target.value)}
        >
          <option value="">Everyone in this cohort</option>
          {members.map((m) => (
            <option key={m.studentId} value={m.studentId}>
              {m.fullName}
            </option>
          ))}
        </SelectField>
      </div>
      <FormAlert message={error} />
      <div className="row-actions">
        <button type="submit" className="btn btn-outline" disabled={unlock.isPending}>
          {unlock.isPending ? 'Unlocking...' : 'Unlock now'}
        </button>
      </div>
    </form>
  );
}
