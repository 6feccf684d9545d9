import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import type { TCourseDto } from '@app/contract/courses';
import { ApiError } from '@/lib/api.ts';
import { useCreateCourse } from './api/create-course.ts';
import { DetailsForm } from './components/DetailsForm.tsx';
import { SectionsEditor } from './components/SectionsEditor.tsx';
import { SeriesEditor } from './components/SeriesEditor.tsx';
import { SeriesForm } from './components/SeriesForm.tsx';
import { WizardQuizzes } from './components/WizardQuizzes.tsx';
import { saveWizardQuizzes } from './api/quizzes.ts';
import { saveWizardAssignments } from './api/assignments.ts';
import { WizardAssignments } from './components/WizardAssignments.tsx';
import {
  detailsSchema,
  emptySeries,
  noSectionsMessage,
  sectionsProblem,
  toCourseInput,
  type DetailsValues,
  type SectionDraft,
  type SeriesDraft,
} from './course-form.ts';
import { clearDraft, loadDraft, saveDraft, type CourseDraft } from './draft.ts';
import './wizard.css';
import { FormAlert } from '@/components/form/FormAlert.tsx';
import { t as translate, useT } from '@/lib/i18n/index.ts';
import { translateRefusal } from '@/lib/i18n/refusals.ts';

// The toasts, in the active language when they are raised.
export const courseCreated = () => translate('wizard.courseCreated');
export const courseCreateFailed = () => translate('wizard.courseCreateFailed');
export const assignmentsNotSaved = (count: number) => translate('wizard.assignmentsNotSaved', { count });
export const quizzesNotSaved = (count: number) => translate('wizard.quizzesNotSaved', { count });
/** The steps' names (catalog keys). */
const STEPS = ['wizard.step.details', 'wizard.tab.sections', 'wizard.tab.series'] as const;

/** `/tutor/create-courses`: details, then sections, then the series of a chosen section; the draft survives reloads. */
export default function CreateCourse() {
  const t = useT();
  const navigate = useNavigate();
  const create = useCreateCourse();
  const [draft, setDraft] = useState<CourseDraft>(loadDraft);
  const [problem, setProblem] = useState<string | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const [newSeriesKey, setNewSeriesKey] = useState(0);
  const [detailsIncomplete, setDetailsIncomplete] = useState(false);
  const [savingQuizzes, setSavingQuizzes] = useState(false);
  // After a successful save the draft is gone; nothing may write it back.
  const saved = useRef(false);

  useEffect(() => {
    if (!saved.current) saveDraft(draft);
  }, [draft]);

  const setDetails = useCallback((details: DetailsValues) => setDraft((d) => ({ ...d, details })), []);
  const setSections = (sections: SectionDraft[]) => {
    setProblem(null);
    setDraft((d) => ({
      ...d,
      sections,
      activeSection: Math.max(0, Math.min(d.activeSection, sections.length - 1)),
    }));
  };
  const setPendingSeries = useCallback(
    (pendingSeries: SeriesDraft) => setDraft((d) => ({ ...d, pendingSeries })),
    [],
  );
  const goTo = (step: CourseDraft['step'], activeSection?: number) => {
    setProblem(null);
    setEditing(null);
    setDraft((d) => ({ ...d, step, activeSection: activeSection ?? d.activeSection }));
    window.scrollTo?.(0, 0);
  };

  const active = draft.activeSection;
  const section = draft.sections[active];

  function addSeries(series: SeriesDraft) {
    setSections(
      draft.sections.map((s, i) => (i === active ? { ...s, seriesList: [...s.seriesList, series] } : s)),
    );
    setDraft((d) => ({ ...d, pendingSeries: { ...emptySeries } }));
    setNewSeriesKey((k) => k + 1);
  }

  function replaceSeries(index: number, series: SeriesDraft) {
    setSections(
      draft.sections.map((s, i) =>
        i === active ? { ...s, seriesList: s.seriesList.map((r, j) => (j === index ? series : r)) } : s,
      ),
    );
    setEditing(null);
  }

  function save() {
    const details = detailsSchema(t).safeParse(draft.details);
    if (!details.success) {
      setDetailsIncomplete(true);
      goTo(1);
      return;
    }
    const reason = sectionsProblem(draft.sections);
    setProblem(reason);
    if (reason) return;
    /** After the course: its drafted quizzes (they need the created sections' ids), then the list. */
    async function finish(answer: { coursesDto: TCourseDto }) {
      saved.current = true;
      clearDraft();
      // Quizzes need the created sections' ids: they are saved now, each into the section at its place.
      const quizzes = draft.sections.map((s) => s.quizzes ?? []);
      if (quizzes.some((q) => q.length > 0)) {
        setSavingQuizzes(true);
        const failed = await saveWizardQuizzes(answer.coursesDto, quizzes);
        if (failed > 0) {
          toast.error(quizzesNotSaved(failed));
          void navigate(`/tutor/edit-course/${answer.coursesDto.id}?view=quizzes`);
          return;
        }
      }
      // Assignments likewise, after the quizzes.
      const assignments = draft.sections.map((s) => s.assignments ?? []);
      if (assignments.some((a) => a.length > 0)) {
        setSavingQuizzes(true);
        const failed = await saveWizardAssignments(answer.coursesDto, assignments);
        if (failed > 0) {
          toast.error(assignmentsNotSaved(failed));
          void navigate(`/tutor/edit-course/${answer.coursesDto.id}?view=assignments`);
          return;
        }
      }
      toast.success(courseCreated());
      void navigate('/tutor/courses');
    }
    create.mutate(toCourseInput(details.data, draft.sections), {
      onSuccess: (answer) => void finish(answer),
      onError: (err) =>
        toast.error(
          err instanceof ApiError && err.status === 400
            ? translateRefusal(err.message)
            : courseCreateFailed(),
        ),
    });
  }

  const editingSeries = editing !== null ? section?.seriesList[editing] : undefined;

  return (
    <section className="wizard">
      <h1>{t('wizard.createTitle')}</h1>
      <ol className="wizard-steps">
        {STEPS.map((label, i) => (
          <li
            key={label}
            aria-current={draft.step === i + 1 ? 'step' : undefined}
            className={draft.step === i + 1 ? 'current' : draft.step > i + 1 ? 'done' : undefined}
          >
            <span className="step-number">{i + 1}</span> {t(label)}
          </li>
        ))}
      </ol>
      <p className="visually-hidden" aria-live="polite">
        {t('wizard.stepOf', { step: draft.step, name: t(STEPS[draft.step - 1] ?? STEPS[0]) })}
      </p>

      {draft.step === 1 && (
        <div className="wizard-panel">
          <h2>{t('wizard.step1Heading')}</h2>
          <DetailsForm
            initial={draft.details}
            showErrors={detailsIncomplete}
            onChange={setDetails}
            onSubmit={(details) => {
              setDraft((d) => ({ ...d, details }));
              goTo(2);
            }}
            submitLabel={t('wizard.next')}
          />
        </div>
      )}

      {draft.step === 2 && (
        <div className="wizard-panel">
          <h2>{t('wizard.step2Heading')}</h2>
          <SectionsEditor sections={draft.sections} onChange={setSections} onOpenSeries={(i) => goTo(3, i)} />
          <FormAlert message={problem} className="field-error wizard-problem" />
          <div className="wizard-actions">
            <button type="button" className="btn btn-outline" onClick={() => goTo(1)}>
              {t('wizard.back')}
            </button>
            <button
              type="button"
              className="btn"
              onClick={() => (draft.sections.length === 0 ? setProblem(noSectionsMessage()) : goTo(3))}
            >
              {t('wizard.next')}
            </button>
          </div>
        </div>
      )}

      {draft.step === 3 && (
        <div className="wizard-panel">
          <h2>{t('wizard.step3Heading')}</h2>
          {draft.sections.length === 0 || !section ? (
            <p className="muted">{t('wizard.addSectionFirst')}</p>
          ) : (
            <>
              <SeriesEditor
                sections={draft.sections}
                activeSection={active}
                onSelectSection={(i) => {
                  setEditing(null);
                  setDraft((d) => ({ ...d, activeSection: i }));
                }}
                onChange={setSections}
                onEdit={setEditing}
              />
              {editing !== null && editingSeries ? (
                <SeriesForm
                  key={`edit-${active}-${editing}`}
                  initial={editingSeries}
                  heading={t('wizard.editSeries')}
                  submitLabel={t('wizard.saveSeries')}
                  onSubmit={(s) => replaceSeries(editing, s)}
                  onCancel={() => setEditing(null)}
                />
              ) : (
                <SeriesForm
                  key={`new-${newSeriesKey}`}
                  initial={draft.pendingSeries}
                  heading={t('wizard.addSeriesTo', { section: active + 1 })}
                  submitLabel={t('wizard.addSeries')}
                  onChange={setPendingSeries}
                  onSubmit={addSeries}
                />
              )}
              <WizardQuizzes
                key={active}
                sectionNumber={active + 1}
                quizzes={section.quizzes ?? []}
                onChange={(quizzes) =>
                  setSections(draft.sections.map((s, i) => (i === active ? { ...s, quizzes } : s)))
                }
              />
              <WizardAssignments
                key={`assignments-${active}`}
                sectionNumber={active + 1}
                assignments={section.assignments ?? []}
                onChange={(assignments) =>
                  setSections(draft.sections.map((s, i) => (i === active ? { ...s, assignments } : s)))
                }
              />
            </>
          )}
          <FormAlert message={problem} className="field-error wizard-problem" />
          <div className="wizard-actions">
            <button type="button" className="btn btn-outline" onClick={() => goTo(2)}>
              {t('wizard.back')}
            </button>
            <button type="button" className="btn" onClick={save} disabled={create.isPending || savingQuizzes}>
              {create.isPending || savingQuizzes ? t('wizard.saving') : t('wizard.saveCourse')}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
