import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { QUESTION_TITLE_MAX, POST_BODY_MAX, ZQuestionAddRequest } from '@app/contract/questions';
import { FormAlert } from '@/components/form/FormAlert.tsx';
import { SelectField, TextAreaField, TextField } from '@/components/form/FormField.tsx';
import { genericError, refusalMessage } from '@/lib/messages.ts';
import { useAskQuestion } from '@/lib/queries/questions.ts';
import { formatCount } from '@/lib/i18n/format.ts';
import { useT } from '@/lib/i18n/index.ts';

const ZAskForm = z.object({
  title: ZQuestionAddRequest.shape.title,
  body: ZQuestionAddRequest.shape.body,
  scope: z.enum(['lesson', 'course']),
});
type TAskForm = z.input<typeof ZAskForm>;

/**
 * Ask a question on the lesson being watched (`lesson`) or on the whole course: a title of up to 150 characters and
 * a body of up to 5,000, checked as the server checks them, with the message under the field.
 */
export function AskForm({
  courseId,
  lesson,
  onDone,
}: {
  courseId: number;
  lesson: { id: number; title: string } | null;
  onDone: (questionId: number | null) => void;
}) {
  const t = useT();
  const id = useId();
  const ask = useAskQuestion();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TAskForm, unknown, z.output<typeof ZAskForm>>({
    resolver: zodResolver(ZAskForm),
    defaultValues: { title: '', body: '', scope: lesson ? 'lesson' : 'course' },
  });

  const onSubmit = handleSubmit(({ title, body, scope }) =>
    ask.mutate(
      { courseId, seriesId: scope === 'lesson' && lesson ? lesson.id : null, title, body },
      {
        onSuccess: (res) => {
          toast.success(t('qa.questionPosted'));
          onDone(res.question.id);
        },
      },
    ),
  );

  return (
    <form className="qa-form" onSubmit={(e) => void onSubmit(e)} noValidate aria-label={t('qa.ask')}>
      <h3>{t('qa.ask')}</h3>
      {lesson && (
        <SelectField id={`${id}-scope`} label={t('qa.about')} {...register('scope')}>
          <option value="lesson">{t('qa.aboutLesson', { title: lesson.title })}</option>
          <option value="course">{t('qa.aboutCourse')}</option>
        </SelectField>
      )}
      <TextField
        id={`${id}-title`}
        label={t('qa.title')}
        autoFocus
        error={errors.title?.message}
        note={
          <span className="muted qa-hint">{t('qa.titleHint', { max: formatCount(QUESTION_TITLE_MAX) })}</span>
        }
        {...register('title')}
      />
      <TextAreaField
        id={`${id}-body`}
        label={t('qa.yourQuestion')}
        rows={5}
        error={errors.body?.message}
        note={<span className="muted qa-hint">{t('qa.bodyHint', { max: formatCount(POST_BODY_MAX) })}</span>}
        {...register('body')}
      />
      <FormAlert message={ask.isError && refusalMessage(ask.error, genericError())} />
      <div className="qa-form-actions">
        <button
          type="button"
          className="btn btn-outline"
          onClick={() => onDone(null)}
          disabled={ask.isPending}
        >
          {t('qa.cancel')}
        </button>
        <button type="submit" className="btn" disabled={ask.isPending}>
          {ask.isPending ? t('qa.posting') : t('qa.postQuestion')}
        </button>
      </div>
    </form>
  );
}
