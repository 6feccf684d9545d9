import { useState } from 'react';
import type { TAssignmentInput } from '@app/contract/assignments';
import { AssignmentForm } from './AssignmentForm.tsx';
import { toAssignmentForm } from './assignment-form.ts';
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
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const current = typeof editing === 'number' ? assignments[editing] : undefined;

  return (
    <section className="wizard-quizzes" aria-labelledby="wizard-assignments-heading">
      <h3 id="wizard-assignments-heading">Assignments of section {sectionNumber}</h3>
      {assignments.length === 0 ? (
        <p className="muted">No assignments yet.</p>
      ) : (
        <ul className="section-list">
          {assignments.map((a, i) => (
            <li key={i} className="section-item">
              <div className="section-head">
                <strong>{a.title}</strong>
                <span className="muted">{a.grading === 'rubric' ? 'Rubric' : 'Pass or fail'}</span>
              </div>
              <div className="row-actions">
                <RowButton label={`Edit assignment ${a.title}`} onClick={() => setEditing(i)}>
                  Edit
                </RowButton>
                <RowButton
                  label={`Remove assignment ${a.title}`}
                  danger
                  onClick={() => {
                    setEditing(null);
                    onChange(assignments.filter((_, j) => j !== i));
                  }}
                >
                  Remove
                </RowButton>
              </div>
            </li>
          ))}
        </ul>
      )}
      {editing === null ? (
        <div>
          <button type="button" className="btn btn-outline" onClick={() => setEditing('new')}>
            Add an assignment to section {sectionNumber}
          </button>
        </div>
      ) : (
        <AssignmentForm
          key={`${sectionNumber}-${editing}`}
          heading={editing === 'new' ? `New assignment in section ${sectionNumber}` : 'Edit assignment'}
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
