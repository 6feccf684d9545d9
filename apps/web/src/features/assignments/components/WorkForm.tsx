import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import type { TAssignmentDto, TSubmissionDto } from '@app/contract/assignments';
import { ApiError, callOp } from '@/lib/api.ts';
import { genericError } from '@/lib/messages.ts';
import { useT } from '@/lib/i18n/index.ts';
import { useSaveDraft, useSubmitWork, useUploadSubmission } from '../api/assignments.ts';
import { sizeText } from './attempt-text.ts';
import { translateRefusal } from '@/lib/i18n/refusals.ts';

/** How long typing must pause before the draft is saved. */
export const DRAFT_DELAY_MS = 800;

/** The file types the server takes (checked there by their bytes): what the file picker offers. */
const ACCEPT =
  '.pdf,.png,.jpg,.jpeg,.webp,.gif,.zip,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.odt,.ods,.odp,application/pdf,image/*,application/zip';

const said = (err: unknown) =>
  err instanceof ApiError && (err.status === 0 || (err.status >= 400 && err.status < 500))
    ? translateRefusal(err.message)
    : genericError();

type SaveState = 'idle' | 'saving' | 'saved' | 'failed';

/**
 * The student's work on an assignment, by its type: a text or a link saved as a draft as they type (what they
 * typed stays on screen whatever the server answers), or a file uploaded when chosen; then Submit. A refusal (too
 * large, type not allowed, empty, broken link, late) is shown under the field.
 */
export function WorkForm({
  assignment,
  latest,
  resubmit,
}: {
  assignment: TAssignmentDto;
  /** The latest attempt: a draft to go on with, or returned work the next attempt starts from. */
  latest: TSubmissionDto | undefined;
  resubmit: boolean;
}) {
  const t = useT();
  const id = useId();
  const type = assignment.submissionType;
  const field = type === 'link' ? 'link' : 'text';
  const [value, setValue] = useState(() => (type === 'link' ? latest?.link : latest?.text) ?? '');
  const saved = useRef(value);
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const draft = useSaveDraft(assignment.id);
  const submit = useSubmitWork(assignment.id);
  const upload = useUploadSubmission(assignment.id, setProgress);
  const latestValue = useRef(value);
  latestValue.current = value;

  async function saveNow(text: string): Promise<boolean> {
    setSaveState('saving');
    try {
      await draft.mutateAsync({ [field]: text });
      saved.current = text;
      setSaveState(latestValue.current === text ? 'saved' : 'idle');
      return true;
    } catch (err) {
      setSaveState('failed');
      setProblem(said(err));
      return false;
    }
  }

  // Typing paused: the draft is saved.
  useEffect(() => {
    if (type === 'file' || value === saved.current) return;
    const timer = setTimeout(() => void saveNow(value), DRAFT_DELAY_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value, type]);

  // Leaving the page before the pause: what was typed is still sent.
  useEffect(
    () => () => {
      if (type !== 'file' && latestValue.current !== saved.current)
        void callOp('assignmentDraft', { assignmentId: assignment.id, [field]: latestValue.current }).catch(
          () => {},
        );
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setProblem(null);
    if (type !== 'file' && value !== saved.current && !(await saveNow(value))) return;
    submit.mutate(undefined, {
      onSuccess: (r) =>
        toast.success(r.submission.late ? t('assignments.submittedLate') : t('assignments.submitted')),
      onError: (err) => setProblem(said(err)),
    });
  }

  function onFile(file: File | undefined) {
    if (!file) return;
    setProblem(null);
    setProgress(0);
    upload.mutate(file, {
      onError: (err) => setProblem(said(err)),
      onSettled: () => setProgress(null),
    });
  }

  const busy = submit.isPending || upload.isPending;
  const errorId = `${id}-error`;
  const described = problem ? errorId : undefined;
  const file = upload.data?.submission ?? latest;
  return (
    <form className="work-form" onSubmit={(e) => void onSubmit(e)} noValidate>
      <h2>{resubmit ? t('assignments.work.resubmission') : t('assignments.work.title')}</h2>
      {type === 'text' && (
        <div className="field">
          <label htmlFor={id}>{t('assignments.work.answer')}</label>
          <textarea
            id={id}
            rows={10}
            value={value}
            aria-invalid={problem ? true : undefined}
            aria-describedby={described}
            onChange={(e) => {
              setValue(e.target.value);
              setSaveState('idle');
            }}
          />
        </div>
      )}
      {type === 'link' && (
        <div className="field">
          <label htmlFor={id}>{t('assignments.work.linkLabel')}</label>
          <input
            id={id}
            type="url"
            inputMode="url"
            placeholder="https://github.com/you/project"
            value={value}
            aria-invalid={problem ? true : undefined}
            aria-describedby={described}
            onChange={(e) => {
              setValue(e.target.value);
              setSaveState('idle');
            }}
          />
        </div>
      )}
      {type === 'file' && (
        <div className="field">
          <label htmlFor={id}>
            {file?.fileName ? t('assignments.work.replaceFile') : t('assignments.work.file')}
          </label>
          <input
            id={id}
            type="file"
            accept={ACCEPT}
            disabled={busy}
            aria-invalid={problem ? true : undefined}
            aria-describedby={described}
            onChange={(e) => {
              onFile(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
          <p className="muted">{t('assignments.work.fileTypes')}</p>
          {progress !== null && (
            <div className="upload-progress">
              <progress max={100} value={progress} aria-label={t('assignments.work.uploading')} />
              <span>{progress}%</span>
            </div>
          )}
          {file?.fileName && progress === null && (
            <p className="work-file">
              {file.fileUrl ? (
                <a href={file.fileUrl} target="_blank" rel="noopener">
                  {file.fileName}
                </a>
              ) : (
                file.fileName
              )}
              {file.fileSize !== null && <span className="muted"> ({sizeText(file.fileSize)})</span>}
            </p>
          )}
        </div>
      )}
      {problem && (
        <p className="field-error" id={errorId} role="alert">
          {problem}
        </p>
      )}
      {type !== 'file' && (
        <p className="muted work-saved" aria-live="polite">
          {saveState === 'saving'
            ? t('assignments.work.savingDraft')
            : saveState === 'saved'
              ? t('assignments.work.draftSaved')
              : saveState === 'failed'
                ? t('assignments.work.draftNotSaved')
                : ''}
        </p>
      )}
      <div className="row-actions">
        <button type="submit" className="btn" disabled={busy}>
          {submit.isPending
            ? t('assignments.work.submitting')
            : resubmit
              ? t('assignments.work.resubmit')
              : t('assignments.work.submit')}
        </button>
      </div>
    </form>
  );
}
