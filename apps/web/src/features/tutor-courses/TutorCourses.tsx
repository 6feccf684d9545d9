import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import type { TCourseDto } from '@app/contract/courses';
import { mayStartFrom } from '@app/contract/course-rules';
import { Pager } from '@/components/Pager.tsx';
import { ApiError } from '@/lib/api.ts';
import { formatNaira } from '@/lib/money.ts';
import { useDeleteCourse } from './api/delete-course.ts';
import { LIST_FAILED, useAllTutorCourses } from '@/lib/queries/tutor-courses.ts';
import { ConfirmDialog } from './components/ConfirmDialog.tsx';
import { ReferralLinkPanel } from './components/ReferralLinkPanel.tsx';
import './tutor.css';
import { CourseStatus } from '@/components/CourseStatus.tsx';
import { AnnounceButton } from '@/components/qa/AnnounceButton.tsx';
import { GENERIC_ERROR } from '@/lib/messages.ts';

export const COURSE_DELETED = 'Course deleted';
const PER_PAGE = 4;

/**
 * `/tutor/courses`: the tutor's own courses, 4 per page. Edit and Delete are offered from the statuses the
 * contract's COURSE_TRANSITIONS allow them (edit: Pending or Rejected; delete: Pending).
 */
export default function TutorCourses() {
  const courses = useAllTutorCourses();
  const remove = useDeleteCourse();
  const [page, setPage] = useState(0);
  const [confirming, setConfirming] = useState<TCourseDto | null>(null);

  const all = courses.data ?? [];
  const pageCount = Math.ceil(all.length / PER_PAGE);
  // After a delete the last page may be gone: show the nearest one that exists.
  const current = Math.min(page, Math.max(0, pageCount - 1));
  const shown = all.slice(current * PER_PAGE, current * PER_PAGE + PER_PAGE);

  function confirmDelete() {
    if (!confirming) return;
    remove.mutate(confirming.id, {
      onSuccess: () => {
        toast.success(COURSE_DELETED);
        setConfirming(null);
      },
      onError: (err) => {
        toast.error(err instanceof ApiError && err.status === 400 ? err.message : GENERIC_ERROR);
        setConfirming(null);
      },
    });
  }

  return (
    <section className="tutor-page">
      <div className="tutor-page-head">
        <h1>My courses</h1>
        <Link to="/tutor/create-courses" className="btn">
          Create course
        </Link>
      </div>
      {courses.isPending && <p className="page-loading">Loading...</p>}
      {courses.isError && (
        <p className="empty-state" role="alert">
          {LIST_FAILED}
        </p>
      )}
      {courses.isSuccess && all.length === 0 && (
        <div className="empty-state">
          <p>No courses available at the moment.</p>
          <Link to="/tutor/create-courses" className="btn btn-outline">
            Create your first course
          </Link>
        </div>
      )}
      {shown.length > 0 && (
        <ul className="tutor-course-grid">
          {shown.map((c) => (
            <li key={c.id} className="card tutor-course-card">
              <img src={c.courseImageUrl} alt="" className="tutor-course-image" loading="lazy" />
              <div className="tutor-course-body">
                <h2>{c.title}</h2>
                <p className="tutor-course-meta">
                  <span>{formatNaira(c.nairaPrice)}</span>
                  <CourseStatus status={c.status} />
                </p>
                <p className="muted">
                  {c.sectionDto.length} {c.sectionDto.length === 1 ? 'section' : 'sections'} ·{' '}
                  {c.studentCount} {c.studentCount === 1 ? 'student' : 'students'}
                </p>
                {(mayStartFrom('edit', c.status) || mayStartFrom('delete', c.status)) && (
                  <div className="row-actions">
                    {mayStartFrom('edit', c.status) && (
                      <Link
                        to={`/tutor/edit-course/${c.id}`}
                        className="btn btn-outline"
                        aria-label={`Edit ${c.title}`}
                      >
                        Edit
                      </Link>
                    )}
                    {mayStartFrom('delete', c.status) && (
                      <button
                        aria-label={`Delete ${c.title}`}
                        type="button"
                        className="btn btn-outline danger"
                        onClick={() => setConfirming(c)}
                      >
                        Delete
                      </button>
                    )}
                  </div>
                )}
                {c.status === 'Approved' && (
                  <div className="row-actions">
                    <AnnounceButton course={c} />
                    <Link
                      to={`/tutor/questions?course=${c.id}`}
                      className="btn btn-outline"
                      aria-label={`Questions on ${c.title}`}
                    >
                      Questions
                    </Link>
                  </div>
                )}
                {c.status === 'Approved' && <ReferralLinkPanel courseId={c.id} title={c.title} />}
                <p className="tutor-course-link">
                  <Link to={`/tutor/course/quizzes/${c.id}`} aria-label={`Quiz results of ${c.title}`}>
                    Quiz results
                  </Link>
                  {' · '}
                  <Link to={`/tutor/cohorts?course=${c.id}`} aria-label={`Cohorts of ${c.title}`}>
                    Cohorts
                  </Link>
                  {' · '}
                  <Link to={`/tutor/course/plans/${c.id}`} aria-label={`Instalment plans of ${c.title}`}>
                    Instalment plans
                  </Link>
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pager page={current} pageCount={pageCount} onChange={setPage} />
      {confirming && (
        <ConfirmDialog
          title="Delete course?"
          message={`“${confirming.title}” will be deleted. This cannot be undone.`}
          confirmLabel="Delete"
          busy={remove.isPending}
          onConfirm={confirmDelete}
          onCancel={() => setConfirming(null)}
        />
      )}
    </section>
  );
}
