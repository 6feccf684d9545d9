import { useId, useState } from 'react';
import { toast } from 'react-toastify';
import { COURSE_STATUSES, type TCourseStatus } from '@app/contract/courses';
import { useDialog } from '../../../components/use-dialog.ts';
import { ApiError } from '../../../lib/api.ts';
import { useProcessCourse } from '../api/process-course.ts';

type Props = {
  course: { id: number; title: string; status?: TCourseStatus };
  onClose: () => void;
};

/** Refusals the admin can act on carry the server's message; anything else a generic one. */
function failureMessage(err: unknown): string {
  return err instanceof ApiError && err.status >= 400 && err.status < 500
    ? err.message
    : 'An error occurred. Please try again.';
}

/**
 * The status update dialog: a modal with Pending, Approved and Rejected. The table behind it shows the new status
 * as soon as Save is pressed; the dialog closes when the server agrees, or stays open saying why it refused.
 */
export function StatusDialog({ course, onClose }: Props) {
  const [status, setStatus] = useState<TCourseStatus>(course.status ?? 'Pending');
  const process = useProcessCourse();
  const titleId = useId();
  // Escape closes unless a save is under way.
  const dialog = useDialog<HTMLDivElement>(() => {
    if (!process.isPending) onClose();
  });

  const save = () => {
    if (status === course.status) return onClose();
    process.mutate(
      { id: course.id, status },
      {
        onSuccess: (res) => {
          toast.success(res.responseDto?.message || `Course ${status.toLowerCase()}`);
          onClose();
        },
      },
    );
  };

  return (
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={dialog.ref}
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={dialog.onKeyDown}
      >
        <h2 id={titleId}>Update course status</h2>
        <p className="modal-subtitle">{course.title}</p>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            save();
          }}
        >
          <fieldset className="status-options">
            <legend>Status</legend>
            {COURSE_STATUSES.map((s) => (
              <label key={s} className="status-option">
                <input
                  type="radio"
                  name="status"
                  value={s}
                  checked={status === s}
                  data-autofocus={status === s || undefined}
                  onChange={() => setStatus(s)}
                />
                <span className={`status status-${s}`}>{s}</span>
              </label>
            ))}
          </fieldset>
          {process.isError && (
            <p className="field-error" role="alert">
              {failureMessage(process.error)}
            </p>
          )}
          <div className="modal-actions">
            <button type="button" className="btn btn-outline" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className="btn" disabled={process.isPending}>
              {process.isPending ? 'Saving...' : 'Save'}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}
