import { useState } from 'react';
import type { TAssignmentInput } from '@app/contract/assignments';
import { AssignmentForm } from './AssignmentForm.tsx';
import { toAssignmentForm } from './assignment-form.ts';
import { useT } from '@/lib/i18n/index.ts';
import { RowButton } from './RowButton.tsx';

/**
 * Step 3's assignments of the chosen section: kept in the wizard's draft and saved right after the course is
 * created, into the created course's section at the same place (as the quizzes are).
 */
export function WizardAssignments({
  sectionNumber,
  assignments,
  onChange,
}: {
  sectionNumber: number;
  assignments: TAssignmentInput[];
  onChange: (assignments: TAssignmentInput[]) => void;
}) {
  const t = useT();
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const current = typeof editing === 'number' ? assignments[editing] : undefined;

  return (
    <section className="wizard-quizzes" aria-labelledby="wizard-assignments-heading">
      <h3 id="wizard-assignments-heading">{t('wizard.assignments.ofSection', { section: sectionNumber })}</h3>
      {assignments.length === 0 ? (
        <p className="muted">{t('wizard.assignments.noneYet')}</p>
      ) : (
        <ul className="section-list">
          {assignments.map((a, i) => (
            <li key={i} className="section-item">
              <div className="section-head">
                <strong>{a.title}</strong>
                <span className="muted">
                  {a.grading === 'rubric'
                    ? t('wizard.assignments.rubric')
                    : t('wizard.assignments.passOrFail')}
                </span>
              </div>
              <div className="row-actions">
                <RowButton
                  label={t('wizard.assignments.editLabel', { title: a.title })}
                  onClick={() => setEditing(i)}
                >
                  {t('wizard.edit')}
                </RowButton>
                <RowButton
                  label={t('wizard.assignments.removeLabel', { title: a.title })}
                  danger
                  onClick={() => {
                    setEditing(null);
                    onChange(assignments.filter((_, j) => j !== i));
                  }}
                >
                  {t('wizard.remove')}
                </RowButton>
              </div>
            </li>
          ))}
        </ul>
      )}
      {editing === null ? (
        <div>
          <button type="button" className="btn btn-outline" onClick={() => setEditing('new')}>
            {t('wizard.assignments.add', { section: sectionNumber })}
          </button>
        </div>
      ) : (
        <AssignmentForm
          key={`${sectionNumber}-${editing}`}
          heading={
            editing === 'new'
              ? t('wizard.assignments.newInSection', { section: sectionNumber })
              : t('wizard.assignments.edit')
          }
          initial={current ? toAssignmentForm(current) : undefined}
          onSubmit={(a) => {
            onChange(
              editing === 'new' ? [...assignments, a] : assignments.map((x, j) => (j === editing ? a : x)),
            );
            setEditing(null);
          }}
          onCancel={() => setEditing(null)}
        />
      )}
    </section>
  );
}
