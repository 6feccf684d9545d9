import { useState } from 'react';
import { Link } from '@/components/Link.tsx';
import { toast } from 'react-toastify';
import type { TCourseDto } from '@app/contract/courses';
import { mayStartFrom } from '@app/contract/course-rules';
import { Pager } from '@/components/Pager.tsx';
import { ApiError } from '@/lib/api.ts';
import { formatNaira } from '@/lib/money.ts';
import { useDeleteCourse } from './api/delete-course.ts';
import { useAllTutorCourses } from '@/lib/queries/tutor-courses.ts';
import { ConfirmDialog } from './components/ConfirmDialog.tsx';
import { ReferralLinkPanel } from './components/ReferralLinkPanel.tsx';
import './tutor.css';
import { CourseStatus } from '@/components/CourseStatus.tsx';
import { AnnounceButton } from '@/components/qa/AnnounceButton.tsx';
import { genericError } from '@/lib/messages.ts';
import { useT } from '@/lib/i18n/index.ts';
import { translateRefusal } from '@/lib/i18n/refusals.ts';

const PER_PAGE = 4;

/**
 * `/tutor/courses`: the tutor's own courses, 4 per page. Edit and Delete are offered from the statuses the
 * contract's COURSE_TRANSITIONS allow them (edit: Pending or Rejected; delete: Pending).
 */
export default function TutorCourses() {
  const t = useT();
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
        toast.success(t('tutorCourses.deleted'));
        setConfirming(null);
      },
      onError: (err) => {
        toast.error(
          err instanceof ApiError && err.status === 400 ? translateRefusal(err.message) : genericError(),
        );
        setConfirming(null);
      },
    });
  }

  return (
    <section className="tutor-page">
      <div className="tutor-page-head">
        <h1>{t('tutorCourses.title')}</h1>
        <Link to="/tutor/create-courses" className="btn">
          {t('tutorCourses.create')}
        </Link>
      </div>
      {courses.isPending && <p className="page-loading">{t('common.loading')}</p>}
      {courses.isError && (
        <p className="empty-state" role="alert">
          {t('tutorCourses.listFailed')}
        </p>
      )}
      {courses.isSuccess && all.length === 0 && (
        <div className="empty-state">
          <p>{t('tutorCourses.none')}</p>
          <Link to="/tutor/create-courses" className="btn btn-outline">
            {t('tutorCourses.createFirst')}
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
                  {t('tutorCourses.sections', { count: c.sectionDto.length })} ·{' '}
                  {t('tutorCourses.students', { count: c.studentCount })}
                </p>
                {(mayStartFrom('edit', c.status) || mayStartFrom('delete', c.status)) && (
                  <div className="row-actions">
                    {mayStartFrom('edit', c.status) && (
                      <Link
                        to={`/tutor/edit-course/${c.id}`}
                        className="btn btn-outline"
                        aria-label={t('tutorCourses.editLabel', { title: c.title })}
                      >
                        {t('tutorCourses.edit')}
                      </Link>
                    )}
                    {mayStartFrom('delete', c.status) && (
                      <button
                        aria-label={t('tutorCourses.deleteLabel', { title: c.title })}
                        type="button"
                        className="btn btn-outline danger"
                        onClick={() => setConfirming(c)}
                      >
                        {t('tutorCourses.delete')}
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
                      aria-label={t('tutorCourses.questionsLabel', { title: c.title })}
                    >
                      {t('tutorCourses.questions')}
                    </Link>
                  </div>
                )}
                {c.status === 'Approved' && <ReferralLinkPanel courseId={c.id} title={c.title} />}
                <p className="tutor-course-link">
                  <Link
                    to={`/tutor/course/quizzes/${c.id}`}
                    aria-label={t('tutorCourses.quizResultsLabel', { title: c.title })}
                  >
                    {t('tutorCourses.quizResults')}
                  </Link>
                  {' · '}
                  <Link
                    to={`/tutor/cohorts?course=${c.id}`}
                    aria-label={t('tutorCourses.cohortsLabel', { title: c.title })}
                  >
                    {t('tutorCourses.cohorts')}
                  </Link>
                  {' · '}
                  <Link
                    to={`/tutor/course/plans/${c.id}`}
                    aria-label={t('tutorCourses.plansLabel', { title: c.title })}
                  >
                    {t('tutorCourses.plans')}
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
          title={t('tutorCourses.deleteTitle')}
          message={t('tutorCourses.deleteMessage', { title: confirming.title })}
          confirmLabel={t('tutorCourses.delete')}
          busy={remove.isPending}
          onConfirm={confirmDelete}
          onCancel={() => setConfirming(null)}
        />
      )}
    </section>
  );
}
