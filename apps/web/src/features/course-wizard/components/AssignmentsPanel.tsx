import { useState } from 'react';
import { toast } from 'react-toastify';
import type { TAssignmentDto, TAssignmentInput } from '@app/contract/assignments';
import type { TCourseDto } from '@app/contract/courses';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { ConfirmDialog } from '@/components/ConfirmDialog.tsx';
import { ApiError } from '@/lib/api.ts';
import { GENERIC_ERROR } from '@/lib/messages.ts';
import {
  useCourseAssignmentsToEdit,
  useDeleteAssignment,
  useSaveAssignment,
} from '@/features/course-wizard/api/assignments.ts';
import { AssignmentForm } from './AssignmentForm.tsx';
import { toAssignmentForm } from './assignment-form.ts';
import { RowButton } from './RowButton.tsx';

export const ASSIGNMENT_SAVED = 'Assignment saved';
export const ASSIGNMENT_DELETED = 'Assignment deleted';

const TYPE: Record<TAssignmentDto['submissionType'], string> = {
  text: 'written answer',
  file: 'file',
  link: 'link',
};

/** An assignment's facts in a line: what is handed in, how it is graded, whether the certificate waits for it. */
export const assignmentFacts = (a: TAssignmentDto) =>
  [
    `Hand in a ${TYPE[a.submissionType]}`,
    a.grading === 'rubric' ? `rubric, pass mark ${a.passPoints ?? 0} of ${a.maxPoints}` : 'pass or fail',
    a.requiredForCertificate ? 'required for the certificate' : 'optional',
    a.peerReview ? 'peer review' : '',
  ]
    .filter(Boolean)
    .join(' · ');

const refusal = (err: unknown) =>
  err instanceof ApiError && err.status >= 400 && err.status < 500 ? err.message : GENERIC_ERROR;

type Editing = { sectionId: number; sectionTitle: string; assignment: TAssignmentDto | null };

/**
 * The edit screen's Assignments view: each saved section's assignments, added, changed and deleted at once (an
 * assignment is saved on its own, as quizzes are).
 */
export function AssignmentsPanel({ course }: { course: TCourseDto }) {
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
            toast.success(ASSIGNMENT_SAVED);
            setEditing(null);
          },
          onError: (err) => setProblem(refusal(err)),
        },
      );
    };
    return (
      <AssignmentForm
        heading={`${editing.assignment ? 'Edit assignment' : 'New assignment'} · ${editing.sectionTitle}`}
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
  if (list.isPending) return <p className="page-loading">Loading...</p>;
  if (list.isError)
    return <LoadFailed message="The assignments could not be loaded." onRetry={list.refetch} />;
  const assignments = list.data.assignments;

  return (
    <div className="quizzes-panel">
      <p className="muted">
        Assignments are saved on their own as soon as you press Save assignment. A new section takes
        assignments once the course is saved.
      </p>
      {course.sectionDto.length === 0 && (
        <p className="muted">Save a section first, then add its assignments.</p>
      )}
      {course.sectionDto.map((section, i) => {
        const mine = assignments.filter((a) => a.sectionId === section.id);
        return (
          <section
            key={section.id}
            className="quiz-section"
            aria-labelledby={`assignment-section-${section.id}`}
          >
            <h3 id={`assignment-section-${section.id}`}>
              Section {i + 1}: {section.title}
            </h3>
            {mine.length === 0 ? (
              <p className="muted">No assignments in this section.</p>
            ) : (
              <ul className="section-list">
                {mine.map((a) => (
                  <li key={a.id} className="section-item">
                    <div className="section-head">
                      <strong>{a.title}</strong>
                      <span className="muted">{assignmentFacts(a)}</span>
                    </div>
                    <div className="row-actions">
                      <RowButton
                        label={`Edit assignment ${a.title}`}
                        onClick={() =>
                          setEditing({ sectionId: section.id, sectionTitle: section.title, assignment: a })
                        }
                      >
                        Edit
                      </RowButton>
                      <RowButton label={`Delete assignment ${a.title}`} danger onClick={() => setDeleting(a)}>
                        Delete
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
                Add an assignment to section {i + 1}
              </button>
            </div>
          </section>
        );
      })}
      {deleting && (
        <ConfirmDialog
          title="Delete assignment?"
          confirmLabel="Delete"
          pending={remove.isPending}
          onClose={() => setDeleting(null)}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => toast.success(ASSIGNMENT_DELETED),
              onError: (err) => toast.error(refusal(err)),
              onSettled: () => setDeleting(null),
            })
          }
        >
          <p>“{deleting.title}” and its students’ submissions will be deleted. This cannot be undone.</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
