import { useState } from 'react';
import type { TQuizInput } from '@app/contract/quizzes';
import { QuizForm } from '@/components/quiz/QuizForm.tsx';
import { toQuizForm } from '@/components/quiz/quiz-form.ts';
import { RowButton } from './RowButton.tsx';

/**
 * Step 3's quizzes of the chosen section: kept in the wizard's draft and saved right after the course is created,
 * into the created course's section at the same place.
 */
export function WizardQuizzes({
  sectionNumber,
  quizzes,
  onChange,
}: {
  sectionNumber: number;
  quizzes: TQuizInput[];
  onChange: (quizzes: TQuizInput[]) => void;
}) {
  // The quiz being written: its index, or 'new'.
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const current = typeof editing === 'number' ? quizzes[editing] : undefined;

  return (
    <section className="wizard-quizzes" aria-labelledby="wizard-quizzes-heading">
      <h3 id="wizard-quizzes-heading">Quizzes of section {sectionNumber}</h3>
      {quizzes.length === 0 ? (
        <p className="muted">No quizzes yet. A quiz comes after the section&apos;s lessons.</p>
      ) : (
        <ul className="section-list">
          {quizzes.map((quiz, i) => (
            <li key={i} className="section-item">
              <div className="section-head">
                <strong>{quiz.title}</strong>
                <span className="muted">
                  {quiz.questions.length} {quiz.questions.length === 1 ? 'question' : 'questions'}
                </span>
              </div>
              <div className="row-actions">
                <RowButton label={`Edit quiz ${quiz.title}`} onClick={() => setEditing(i)}>
                  Edit
                </RowButton>
                <RowButton
                  label={`Remove quiz ${quiz.title}`}
                  danger
                  onClick={() => {
                    setEditing(null);
                    onChange(quizzes.filter((_, j) => j !== i));
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
            Add a quiz to section {sectionNumber}
          </button>
        </div>
      ) : (
        <QuizForm
          key={`${sectionNumber}-${editing}`}
          heading={editing === 'new' ? `New quiz in section ${sectionNumber}` : 'Edit quiz'}
          submitLabel={editing === 'new' ? 'Add quiz' : 'Save quiz'}
          initial={current ? toQuizForm(current) : undefined}
          onSubmit={(quiz) => {
            onChange(
              editing === 'new' ? [...quizzes, quiz] : quizzes.map((q, j) => (j === editing ? quiz : q)),
            );
            setEditing(null);
          }}
          onCancel={() => setEditing(null)}
        />
      )}
    </section>
  );
}
