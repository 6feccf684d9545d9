import { useState } from 'react';
import { toast } from 'react-toastify';
import type { TCourseDto } from '@app/contract/courses';
import type { TQuizInput, TQuizSummary } from '@app/contract/quizzes';
import { ConfirmDialog } from '@/components/ConfirmDialog.tsx';
import { QuizForm } from '@/components/quiz/QuizForm.tsx';
import { toQuizForm } from '@/components/quiz/quiz-form.ts';
import { ApiError } from '@/lib/api.ts';
import { genericError } from '@/lib/messages.ts';
import { useDeleteQuiz, useEditQuiz, useSaveQuiz } from '@/features/course-wizard/api/quizzes.ts';
import { t as translate, useT, type Translate } from '@/lib/i18n/index.ts';
import { RowButton } from './RowButton.tsx';
import { translateRefusal } from '@/lib/i18n/refusals.ts';

type Editing = { sectionId: number; sectionTitle: string; quizId: number | null };

const refusal = (err: unknown) =>
  err instanceof ApiError && err.status >= 400 && err.status < 500
    ? translateRefusal(err.message)
    : genericError();

/** A quiz summary's facts: questions and pass mark. */
export const quizFacts = (t: Translate, q: { questionCount: number; passPercent: number }) =>
  t('wizard.quizzes.facts', { count: q.questionCount, pass: q.passPercent });

/**
 * The edit screen's Quizzes view: each saved section's quizzes, added, changed and deleted at once (a quiz is saved
 * on its own, not with Save changes). A section added on this page takes quizzes once the course is saved.
 */
export function QuizzesPanel({ course }: { course: TCourseDto }) {
  const t = useT();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<TQuizSummary | null>(null);
  const remove = useDeleteQuiz(course.id);

  if (editing) return <QuizEditor course={course} editing={editing} onDone={() => setEditing(null)} />;

  return (
    <div className="quizzes-panel">
      <p className="muted">{t('wizard.quizzes.intro')}</p>
      {course.sectionDto.length === 0 && <p className="muted">{t('wizard.quizzes.sectionFirst')}</p>}
      {course.sectionDto.map((section, i) => {
        const quizzes = section.quizzes ?? [];
        return (
          <section key={section.id} className="quiz-section" aria-labelledby={`quiz-section-${section.id}`}>
            <h3 id={`quiz-section-${section.id}`}>
              {t('wizard.sectionTitled', { section: i + 1, title: section.title })}
            </h3>
            {quizzes.length === 0 ? (
              <p className="muted">{t('wizard.quizzes.noneInSection')}</p>
            ) : (
              <ul className="section-list">
                {quizzes.map((quiz) => (
                  <li key={quiz.id} className="section-item">
                    <div className="section-head">
                      <strong>{quiz.title}</strong>
                      <span className="muted">{quizFacts(t, quiz)}</span>
                    </div>
                    <div className="row-actions">
                      <RowButton
                        label={t('wizard.quizzes.editLabel', { title: quiz.title })}
                        onClick={() =>
                          setEditing({ sectionId: section.id, sectionTitle: section.title, quizId: quiz.id })
                        }
                      >
                        {t('wizard.edit')}
                      </RowButton>
                      <RowButton
                        label={t('wizard.quizzes.deleteLabel', { title: quiz.title })}
                        danger
                        onClick={() => setDeleting(quiz)}
                      >
                        {t('wizard.delete')}
                      </RowButton>
                    </div>
                  </li>
                ))}
              </ul>
            )}
            <div>
              <button
                type="button"
                className="btn btn-outline"
                onClick={() =>
                  setEditing({ sectionId: section.id, sectionTitle: section.title, quizId: null })
                }
              >
                {t('wizard.quizzes.add', { section: i + 1 })}
              </button>
            </div>
          </section>
        );
      })}
      {deleting && (
        <ConfirmDialog
          title={t('wizard.quizzes.deleteTitle')}
          confirmLabel={t('wizard.delete')}
          pending={remove.isPending}
          onClose={() => setDeleting(null)}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => toast.success(translate('wizard.quizzes.deleted')),
              onError: (err) => toast.error(refusal(err)),
              onSettled: () => setDeleting(null),
            })
          }
        >
          <p>{t('wizard.quizzes.deleteText', { title: deleting.title })}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}

/** A new quiz's form, or an existing quiz's once it has loaded (with its right answers). */
function QuizEditor({
  course,
  editing,
  onDone,
}: {
  course: TCourseDto;
  editing: Editing;
  onDone: () => void;
}) {
  const t = useT();
  const loaded = useEditQuiz(editing.quizId);
  const save = useSaveQuiz(course.id);
  const [problem, setProblem] = useState<string | null>(null);
  const heading = t(editing.quizId === null ? 'wizard.quizzes.newIn' : 'wizard.quizzes.editIn', {
    section: editing.sectionTitle,
  });

  if (editing.quizId !== null && loaded.isPending)
    return <p className="page-loading">{t('common.loading')}</p>;
  if (editing.quizId !== null && loaded.isError)
    return (
      <div role="alert">
        <p className="field-error">{refusal(loaded.error)}</p>
        <button type="button" className="btn btn-outline" onClick={onDone}>
          {t('wizard.quizzes.back')}
        </button>
      </div>
    );
  const submit = (quiz: TQuizInput) => {
    setProblem(null);
    save.mutate(
      { courseId: course.id, sectionId: editing.sectionId, quiz },
      {
        onSuccess: () => {
          toast.success(translate('wizard.quizzes.saved'));
          onDone();
        },
        onError: (err) => setProblem(refusal(err)),
      },
    );
  };
  return (
    <QuizForm
      heading={heading}
      initial={loaded.data ? toQuizForm(loaded.data.quiz) : undefined}
      busy={save.isPending}
      problem={problem}
      onSubmit={submit}
      onCancel={onDone}
    />
  );
}
