import { useState } from 'react';
import { toast } from 'react-toastify';
import {
  CAPTION_LANGUAGE_PATTERN,
  CAPTION_LANGUAGES,
  MAX_CAPTION_BYTES,
} from '@app/contract/caption-languages';
import type { TCaptionDto } from '@app/contract/captions';
import type { TCourseDto, TSeriesDto } from '@app/contract/courses';
import { FormAlert } from '@/components/form/FormAlert.tsx';
import { ApiError } from '@/lib/api.ts';
import { genericError } from '@/lib/messages.ts';
import {
  fileToBase64,
  useCaptions,
  useDeleteCaption,
  useUploadCaption,
} from '@/features/course-wizard/api/captions.ts';
import { t as translate, useT } from '@/lib/i18n/index.ts';
import { translateRefusal } from '@/lib/i18n/refusals.ts';

const refusal = (err: unknown) =>
  err instanceof ApiError && err.status >= 400 && err.status < 500
    ? translateRefusal(err.message)
    : genericError();

const OTHER = 'other';

/**
 * The edit screen's Captions view: each saved lesson's captions per language, uploaded (`.vtt` or `.srt`),
 * replaced and deleted at once, on their own (not with Save changes).
 */
export function CaptionsPanel({ course }: { course: TCourseDto }) {
  const t = useT();
  const list = useCaptions(course.id);
  const byLesson = new Map<number, TCaptionDto[]>();
  for (const c of list.data?.captions ?? [])
    byLesson.set(c.seriesId, [...(byLesson.get(c.seriesId) ?? []), c]);
  return (
    <div className="captions-panel">
      <p className="muted">{t('wizard.captions.intro')}</p>
      {list.isError && <FormAlert message={refusal(list.error)} />}
      {course.sectionDto.length === 0 && <p className="muted">{t('wizard.captions.sectionFirst')}</p>}
      {course.sectionDto.map((section, i) => (
        <section key={section.id} aria-labelledby={`captions-section-${section.id}`}>
          <h3 id={`captions-section-${section.id}`}>
            {t('wizard.sectionTitled', { section: i + 1, title: section.title })}
          </h3>
          <ul className="section-list">
            {section.seriesList.map((lesson) => (
              <LessonCaptions
                key={lesson.id}
                courseId={course.id}
                lesson={lesson}
                captions={byLesson.get(lesson.id) ?? []}
                loading={list.isPending}
              />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function LessonCaptions({
  courseId,
  lesson,
  captions,
  loading,
}: {
  courseId: number;
  lesson: TSeriesDto;
  captions: TCaptionDto[];
  loading: boolean;
}) {
  const t = useT();
  const [choice, setChoice] = useState<string>('en');
  const [other, setOther] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useUploadCaption(courseId);
  const remove = useDeleteCaption(courseId);
  const id = `captions-${lesson.id}`;

  async function submit() {
    const language = choice === OTHER ? other.trim() : choice;
    if (!CAPTION_LANGUAGE_PATTERN.test(language)) {
      setProblem(t('wizard.captions.error.languageCode'));
      return;
    }
    if (!file) {
      setProblem(t('wizard.captions.error.noFile'));
      return;
    }
    if (!/\.(vtt|srt)$/i.test(file.name)) {
      setProblem(t('wizard.captions.error.fileType'));
      return;
    }
    if (file.size > MAX_CAPTION_BYTES) {
      setProblem(t('wizard.captions.error.tooLarge'));
      return;
    }
    setProblem(null);
    upload.mutate(
      { courseId, seriesId: lesson.id, language, fileName: file.name, data: await fileToBase64(file) },
      {
        onSuccess: (answer) => {
          toast.success(
            translate('wizard.captions.saved', {
              label: answer.caption.label,
              count: answer.caption.cueCount,
            }),
          );
          setFile(null);
          setInputKey((k) => k + 1);
        },
        onError: (err) => setProblem(refusal(err)),
      },
    );
  }

  return (
    <li className="section-item lesson-captions">
      <div className="section-head">
        <strong id={`${id}-title`}>{lesson.title}</strong>
        {lesson.durationSeconds === null && (
          <span className="muted">{t('wizard.captions.videoNotReady')}</span>
        )}
      </div>
      {loading ? null : captions.length === 0 ? (
        <p className="muted">{t('wizard.captions.none')}</p>
      ) : (
        <ul className="caption-list" aria-label={t('wizard.captions.of', { title: lesson.title })}>
          {captions.map((c) => (
            <li key={c.language}>
              <span lang={c.language}>{c.label}</span>{' '}
              <span className="muted">
                ({c.language}) · {t('wizard.captions.lines', { count: c.cueCount })}
                {c.fileName ? ` · ${c.fileName}` : ''}
              </span>{' '}
              <button
                type="button"
                className="btn btn-outline"
                disabled={remove.isPending}
                aria-label={t('wizard.captions.deleteLabel', { label: c.label, title: lesson.title })}
                onClick={() =>
                  remove.mutate(
                    { courseId, seriesId: lesson.id, language: c.language },
                    {
                      onSuccess: () => toast.success(translate('wizard.captions.deleted')),
                      onError: (err) => toast.error(refusal(err)),
                    },
                  )
                }
              >
                {t('wizard.delete')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form
        className="caption-upload"
        aria-labelledby={`${id}-title`}
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <label>
          {t('wizard.captions.language')}{' '}
          <select value={choice} onChange={(e) => setChoice(e.target.value)}>
            {CAPTION_LANGUAGES.map((l) => (
              <option key={l.code} value={l.code}>
                {l.label}
              </option>
            ))}
            <option value={OTHER}>{t('wizard.captions.otherLanguage')}</option>
          </select>
        </label>
        {choice === OTHER && (
          <label>
            {t('wizard.details.languageCode')}{' '}
            <input
              value={other}
              onChange={(e) => setOther(e.target.value)}
              placeholder={t('wizard.captions.languageCodeExample')}
              maxLength={35}
              size={8}
            />
          </label>
        )}
        <label>
          {t('wizard.captions.file')}{' '}
          <input
            key={inputKey}
            type="file"
            accept=".vtt,.srt,text/vtt"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </label>
        <button type="submit" className="btn" disabled={upload.isPending}>
          {upload.isPending ? t('wizard.captions.uploading') : t('wizard.captions.upload')}
        </button>
        <FormAlert message={problem} className="field-error" />
      </form>
    </li>
  );
}
