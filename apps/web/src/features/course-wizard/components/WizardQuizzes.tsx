import { useState } from 'react';
import type { TQuizInput } from '@app/contract/quizzes';
import { QuizForm } from '@/components/quiz/QuizForm.tsx';
import { toQuizForm } from '@/components/quiz/quiz-form.ts';
import { useT } from '@/lib/i18n/index.ts';
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
  const t = useT();
  // The quiz being written: its index, or 'new'.
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const current = typeof editing === 'number' ? quizzes[editing] : undefined;

  return (
    <section className="wizard-quizzes" aria-labelledby="wizard-quizzes-heading">
      <h3 id="wizard-quizzes-heading">{t('wizard.quizzes.ofSection', { section: sectionNumber })}</h3>
      {quizzes.length === 0 ? (
        <p className="muted">{t('wizard.quizzes.noneYet')}</p>
      ) : (
        <ul className="section-list">
          {quizzes.map((quiz, i) => (
            <li key={i} className="section-item">
              <div className="section-head">
                <strong>{quiz.title}</strong>
                <span className="muted">
                  {t('wizard.quizzes.questions', { count: quiz.questions.length })}
                </span>
              </div>
              <div className="row-actions">
                <RowButton
                  label={t('wizard.quizzes.editLabel', { title: quiz.title })}
                  onClick={() => setEditing(i)}
                >
                  {t('wizard.edit')}
                </RowButton>
                <RowButton
                  label={t('wizard.quizzes.removeLabel', { title: quiz.title })}
                  danger
                  onClick={() => {
                    setEditing(null);
                    onChange(quizzes.filter((_, j) => j !== i));
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
            {t('wizard.quizzes.add', { section: sectionNumber })}
          </button>
        </div>
      ) : (
        <QuizForm
          key={`${sectionNumber}-${editing}`}
          heading={
            editing === 'new'
              ? t('wizard.quizzes.newInSection', { section: sectionNumber })
              : t('wizard.quizzes.edit')
          }
          submitLabel={editing === 'new' ? t('wizard.quizzes.addQuiz') : t('wizard.quizzes.save')}
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
