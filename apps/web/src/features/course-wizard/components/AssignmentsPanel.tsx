import { useState } from 'react';
import { toast } from 'react-toastify';
import type { TAssignmentDto, TAssignmentInput } from '@app/contract/assignments';
import type { TCourseDto } from '@app/contract/courses';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { ConfirmDialog } from '@/components/ConfirmDialog.tsx';
import { ApiError } from '@/lib/api.ts';
import { genericError } from '@/lib/messages.ts';
import {
  useCourseAssignmentsToEdit,
  useDeleteAssignment,
  useSaveAssignment,
} from '@/features/course-wizard/api/assignments.ts';
import { AssignmentForm } from './AssignmentForm.tsx';
import { toAssignmentForm } from './assignment-form.ts';
import { t as translate, useT, type Translate } from '@/lib/i18n/index.ts';
import { RowButton } from './RowButton.tsx';
import { translateRefusal } from '@/lib/i18n/refusals.ts';

/** What is handed in, per submission type (catalog keys). */
const HAND_IN: Record<TAssignmentDto['submissionType'], string> = {
  text: 'wizard.assignments.handIn.text',
  file: 'wizard.assignments.handIn.file',
  link: 'wizard.assignments.handIn.link',
};

/** An assignment's facts in a line: what is handed in, how it is graded, whether the certificate waits for it. */
export const assignmentFacts = (t: Translate, a: TAssignmentDto) =>
  [
    t(HAND_IN[a.submissionType]),
    a.grading === 'rubric'
      ? t('wizard.assignments.rubricPass', { pass: a.passPoints ?? 0, max: a.maxPoints })
      : t('wizard.assignments.passFail'),
    a.requiredForCertificate ? t('wizard.assignments.required') : t('wizard.assignments.optional'),
    a.peerReview ? t('wizard.assignments.peerReview') : '',
  ]
    .filter(Boolean)
    .join(' · ');

const refusal = (err: unknown) =>
  err instanceof ApiError && err.status >= 400 && err.status < 500
    ? translateRefusal(err.message)
    : genericError();

type Editing = { sectionId: number; sectionTitle: string; assignment: TAssignmentDto | null };

/**
 * The edit screen's Assignments view: each saved section's assignments, added, changed and deleted at once (an
 * assignment is saved on its own, as quizzes are).
 */
export function AssignmentsPanel({ course }: { course: TCourseDto }) {
  const t = useT();
  const list = useCourseAssignmentsToEdit(course.id);
  const save = useSaveAssignment(course.id);
  const remove = useDeleteAssignment(course.id);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<TAssignmentDto | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  if (editing) {
    const submit = (assignment: TAssignmentInput) => {
      setProblem(null);
      save.mutate(
        { courseId: course.id, sectionId: editing.sectionId, assignment },
        {
          onSuccess: () => {
            toast.success(translate('wizard.assignments.saved'));
            setEditing(null);
          },
          onError: (err) => setProblem(refusal(err)),
        },
      );
    };
    return (
      <AssignmentForm
        heading={t(editing.assignment ? 'wizard.assignments.editIn' : 'wizard.assignments.newIn', {
          section: editing.sectionTitle,
        })}
        initial={editing.assignment ? toAssignmentForm(editing.assignment) : undefined}
        busy={save.isPending}
        problem={problem}
        onSubmit={submit}
        onCancel={() => {
          setProblem(null);
          setEditing(null);
        }}
      />
    );
  }
  if (list.isPending) return <p className="page-loading">{t('common.loading')}</p>;
  if (list.isError) return <LoadFailed message={t('wizard.assignments.loadFailed')} onRetry={list.refetch} />;
  const assignments = list.data.assignments;

  return (
    <div className="quizzes-panel">
      <p className="muted">{t('wizard.assignments.intro')}</p>
      {course.sectionDto.length === 0 && <p className="muted">{t('wizard.assignments.sectionFirst')}</p>}
      {course.sectionDto.map((section, i) => {
        const mine = assignments.filter((a) => a.sectionId === section.id);
        return (
          <section
            key={section.id}
            className="quiz-section"
            aria-labelledby={`assignment-section-${section.id}`}
          >
            <h3 id={`assignment-section-${section.id}`}>
              {t('wizard.sectionTitled', { section: i + 1, title: section.title })}
            </h3>
            {mine.length === 0 ? (
              <p className="muted">{t('wizard.assignments.noneInSection')}</p>
            ) : (
              <ul className="section-list">
                {mine.map((a) => (
                  <li key={a.id} className="section-item">
                    <div className="section-head">
                      <strong>{a.title}</strong>
                      <span className="muted">{assignmentFacts(t, a)}</span>
                    </div>
                    <div className="row-actions">
                      <RowButton
                        label={t('wizard.assignments.editLabel', { title: a.title })}
                        onClick={() =>
                          setEditing({ sectionId: section.id, sectionTitle: section.title, assignment: a })
                        }
                      >
                        {t('wizard.edit')}
                      </RowButton>
                      <RowButton
                        label={t('wizard.assignments.deleteLabel', { title: a.title })}
                        danger
                        onClick={() => setDeleting(a)}
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
                  setEditing({ sectionId: section.id, sectionTitle: section.title, assignment: null })
                }
              >
                {t('wizard.assignments.add', { section: i + 1 })}
              </button>
            </div>
          </section>
        );
      })}
      {deleting && (
        <ConfirmDialog
          title={t('wizard.assignments.deleteTitle')}
          confirmLabel={t('wizard.delete')}
          pending={remove.isPending}
          onClose={() => setDeleting(null)}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => toast.success(translate('wizard.assignments.deleted')),
              onError: (err) => toast.error(refusal(err)),
              onSettled: () => setDeleting(null),
            })
          }
        >
          <p>{t('wizard.assignments.deleteText', { title: deleting.title })}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
