import { useId, useState } from 'react';
import { toast } from 'react-toastify';
import { FormAlert } from '@/components/form/FormAlert.tsx';
import { SelectField } from '@/components/form/FormField.tsx';
import { useT } from '@/lib/i18n/index.ts';
import { genericError, refusalMessage } from '@/lib/messages.ts';
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
  const t = useT();
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
    if (!section) return setError(t('cohortTutor.unlock.sectionMissing'));
    unlock.mutate(
      { cohortId, sectionId: section.id, ...(member ? { studentId: member.studentId } : {}) },
      {
        onSuccess: () =>
          toast.success(
            member
              ? t('cohortTutor.unlock.openFor', { section: section.title, name: member.fullName })
              : t('cohortTutor.unlock.openForAll', { section: section.title }),
          ),
        onError: (err) => setError(refusalMessage(err, genericError())),
      },
    );
  };
  return (
    <form
      className="card cohort-form"
      aria-label={t('cohortTutor.unlock.title')}
      onSubmit={submit}
      noValidate
    >
      <h3>{t('cohortTutor.unlock.title')}</h3>
      <div className="cohort-form-pair">
        <SelectField
          id={`${id}-section`}
          label={t('cohortTutor.unlock.section')}
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
          label={t('cohortTutor.unlock.for')}
          value={studentId}
          onChange={(e) => setStudentId(e.target.value)}
        >
          <option value="">{t('cohortTutor.unlock.everyone')}</option>
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
          {unlock.isPending ? t('cohortTutor.unlock.pending') : t('cohortTutor.unlock.submit')}
        </button>
      </div>
    </form>
  );
}
