import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { Link } from '@/components/Link.tsx';
import { useReviewHistory } from '@/lib/queries/review-history.ts';
import { toast } from 'react-toastify';
import type { TCourseDto } from '@app/contract/courses';
import { ApiError } from '@/lib/api.ts';
import { useSingleCourse } from './api/single-course.ts';
import { useUpdateCourse } from './api/update-course.ts';
import { DetailsForm } from './components/DetailsForm.tsx';
import { SectionsEditor } from './components/SectionsEditor.tsx';
import { SeriesEditor } from './components/SeriesEditor.tsx';
import { SeriesForm } from './components/SeriesForm.tsx';
import { QuizzesPanel } from './components/QuizzesPanel.tsx';
import { AssignmentsPanel } from './components/AssignmentsPanel.tsx';
import { CaptionsPanel } from './components/CaptionsPanel.tsx';
import {
  detailsSchema,
  emptySeries,
  fromCourseDto,
  sectionsProblem,
  toCourseInput,
  type DetailsValues,
  type SectionDraft,
} from './course-form.ts';
import './wizard.css';
import { CourseStatus } from '@/components/CourseStatus.tsx';
import { genericError } from '@/lib/messages.ts';
import { FormAlert } from '@/components/form/FormAlert.tsx';
import { t as translate, useT } from '@/lib/i18n/index.ts';
import { translateRefusal } from '@/lib/i18n/refusals.ts';

/** The toast of a saved course, in the active language when it is raised. */
export const courseUpdated = () => translate('wizard.courseUpdated');

type View = 'course' | 'sections' | 'series' | 'quizzes' | 'assignments' | 'captions' | 'editSeries';
/** The views' tabs; `label` a catalog key (a view's heading is its tab's name). */
const TABS: { view: Exclude<View, 'editSeries'>; label: string }[] = [
  { view: 'course', label: 'wizard.tab.course' },
  { view: 'sections', label: 'wizard.tab.sections' },
  { view: 'series', label: 'wizard.tab.series' },
  { view: 'quizzes', label: 'wizard.tab.quizzes' },
  { view: 'assignments', label: 'wizard.tab.assignments' },
  { view: 'captions', label: 'wizard.tab.captions' },
];

/** A Rejected course shows why (the latest reason of its review history) and how to resubmit it. */
function RejectionNote({ courseId }: { courseId: number }) {
  const t = useT();
  const history = useReviewHistory(courseId);
  const latest = history.data?.at(-1);
  return (
    <div className="card rejection-note" role="note" aria-label={t('wizard.rejection.label')}>
      <p>
        <strong>{t('wizard.rejection.title')}</strong>{' '}
        {latest?.status === 'Rejected' && latest.reason
          ? t('wizard.rejection.reason', { reason: latest.reason })
          : ''}
      </p>
      <p className="muted">{t('wizard.rejection.howTo')}</p>
    </div>
  );
}

/** `/tutor/edit-course/:id`: loads the course, then shows the editor once it has arrived. */
export default function EditCourse() {
  const t = useT();
  const { id = '' } = useParams();
  const course = useSingleCourse(id);
  if (course.isPending) return <p className="page-loading">{t('common.loading')}</p>;
  if (course.isError) {
    const status = course.error instanceof ApiError ? course.error.status : 0;
    return (
      <section className="empty-state" role="alert">
        <p>
          {status === 404 || status === 400
            ? t('wizard.edit.notFound')
            : status === 403
              ? translateRefusal(course.error.message)
              : t('wizard.edit.loadFailed')}
        </p>
        <Link to="/tutor/courses" className="btn btn-outline">
          {t('wizard.edit.backToCourses')}
        </Link>
      </section>
    );
  }
  return <CourseEditor course={course.data.coursesDto} />;
}

/** The views course, sections, series and editSeries over one local copy, saved whole with `/course/update`. */
function CourseEditor({ course }: { course: TCourseDto }) {
  const t = useT();
  const [start] = useState(() => fromCourseDto(course));
  const [details, setDetails] = useState<DetailsValues>(start.details);
  const [sections, setSections] = useState<SectionDraft[]>(start.sections);
  // `?view=quizzes` opens the Quizzes view (the wizard leads there when a quiz could not be saved).
  const [params] = useSearchParams();
  const [view, setView] = useState<View>(() => {
    const asked = params.get('view');
    return asked === 'quizzes' || asked === 'assignments' || asked === 'captions' ? asked : 'course';
  });
  const [active, setActive] = useState(0);
  const [editing, setEditing] = useState<number | null>(null);
  const [newSeriesKey, setNewSeriesKey] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const [detailsIncomplete, setDetailsIncomplete] = useState(false);
  const update = useUpdateCourse();

  const changeSections = (next: SectionDraft[]) => {
    setProblem(null);
    setSections(next);
    setActive((a) => Math.max(0, Math.min(a, next.length - 1)));
  };

  function save(values: DetailsValues = details) {
    const checked = detailsSchema(t).safeParse(values);
    if (!checked.success) {
      setDetailsIncomplete(true);
      setView('course');
      return;
    }
    const reason = sectionsProblem(sections);
    setProblem(reason);
    if (reason) return;
    update.mutate(
      { id: course.id, ...toCourseInput(checked.data, sections) },
      {
        onSuccess: () => toast.success(courseUpdated()),
        onError: (err) =>
          toast.error(
            err instanceof ApiError && [400, 403, 404, 413].includes(err.status)
              ? translateRefusal(err.message)
              : genericError(),
          ),
      },
    );
  }

  const section = sections[active];
  const editingSeries = editing !== null ? section?.seriesList[editing] : undefined;
  const saveBar = (
    <>
      <FormAlert message={problem} className="field-error wizard-problem" />
      <p className="muted">{t('wizard.edit.unsavedNote')}</p>
      <div className="wizard-actions">
        <button type="button" className="btn" onClick={() => save()} disabled={update.isPending}>
          {update.isPending ? t('wizard.saving') : t('wizard.saveChanges')}
        </button>
      </div>
    </>
  );

  return (
    <section className="wizard">
      <p>
        <Link to="/tutor/courses">{t('wizard.edit.myCourses')}</Link>
      </p>
      <h1>{t('wizard.edit.title')}</h1>
      <p className="muted">
        {course.title} · <CourseStatus status={course.status} />
      </p>
      {course.status === 'Rejected' && <RejectionNote courseId={course.id} />}
      <nav className="edit-tabs" aria-label={t('wizard.edit.views')}>
        {TABS.map((tab) => (
          <button
            key={tab.view}
            type="button"
            className={
              view === tab.view || (tab.view === 'series' && view === 'editSeries') ? 'active' : undefined
            }
            aria-current={view === tab.view ? 'page' : undefined}
            onClick={() => {
              setEditing(null);
              setView(tab.view);
            }}
          >
            {t(tab.label)}
          </button>
        ))}
      </nav>

      {view === 'course' && (
        <div className="wizard-panel">
          <h2>{t('wizard.tab.course')}</h2>
          <DetailsForm
            initial={details}
            showErrors={detailsIncomplete}
            onChange={setDetails}
            onSubmit={(v) => {
              setDetails(v);
              save(v);
            }}
            submitLabel={t('wizard.saveChanges')}
            submitting={update.isPending}
          />
          <FormAlert message={problem} className="field-error wizard-problem" />
        </div>
      )}

      {view === 'sections' && (
        <div className="wizard-panel">
          <h2>{t('wizard.tab.sections')}</h2>
          <SectionsEditor
            sections={sections}
            onChange={changeSections}
            onOpenSeries={(i) => {
              setActive(i);
              setView('series');
            }}
          />
          {saveBar}
        </div>
      )}

      {view === 'series' && (
        <div className="wizard-panel">
          <h2>{t('wizard.tab.series')}</h2>
          {!section ? (
            <p className="muted">{t('wizard.addSectionFirst')}</p>
          ) : (
            <>
              <SeriesEditor
                sections={sections}
                activeSection={active}
                onSelectSection={setActive}
                onChange={changeSections}
                onEdit={(j) => {
                  setEditing(j);
                  setView('editSeries');
                }}
              />
              <SeriesForm
                key={`new-${newSeriesKey}`}
                initial={emptySeries}
                heading={t('wizard.addSeriesTo', { section: active + 1 })}
                submitLabel={t('wizard.addSeries')}
                onSubmit={(s) => {
                  changeSections(
                    sections.map((x, i) => (i === active ? { ...x, seriesList: [...x.seriesList, s] } : x)),
                  );
                  setNewSeriesKey((k) => k + 1);
                }}
              />
            </>
          )}
          {saveBar}
        </div>
      )}

      {view === 'quizzes' && (
        <div className="wizard-panel">
          <h2>{t('wizard.tab.quizzes')}</h2>
          <QuizzesPanel course={course} />
        </div>
      )}

      {view === 'assignments' && (
        <div className="wizard-panel">
          <h2>{t('wizard.tab.assignments')}</h2>
          <AssignmentsPanel course={course} />
        </div>
      )}

      {view === 'captions' && (
        <div className="wizard-panel">
          <h2>{t('wizard.tab.captions')}</h2>
          <CaptionsPanel course={course} />
        </div>
      )}

      {view === 'editSeries' && editing !== null && editingSeries && (
        <div className="wizard-panel">
          <h2>{t('wizard.editSeries')}</h2>
          <SeriesForm
            key={`edit-${active}-${editing}`}
            initial={editingSeries}
            heading={t('wizard.sectionTitled', { section: active + 1, title: section?.title ?? '' })}
            submitLabel={t('wizard.saveSeries')}
            onSubmit={(s) => {
              changeSections(
                sections.map((x, i) =>
                  i === active
                    ? {
                        ...x,
                        seriesList: x.seriesList.map((r, j) => (j === editing ? { ...s, id: r.id } : r)),
                      }
                    : x,
                ),
              );
              setEditing(null);
              setView('series');
            }}
            onCancel={() => {
              setEditing(null);
              setView('series');
            }}
          />
        </div>
      )}
    </section>
  );
}
