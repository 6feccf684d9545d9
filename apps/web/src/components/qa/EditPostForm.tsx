import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { ZQuestionAddRequest } from '@app/contract/questions';
import { FormAlert } from '@/components/form/FormAlert.tsx';
import { TextAreaField, TextField } from '@/components/form/FormField.tsx';
import { genericError, refusalMessage } from '@/lib/messages.ts';
import { useEditPost } from '@/lib/queries/questions.ts';
import { useT } from '@/lib/i18n/index.ts';

const ZEditForm = z.object({
  title: ZQuestionAddRequest.shape.title.optional(),
  body: ZQuestionAddRequest.shape.body,
});
type TEditForm = z.input<typeof ZEditForm>;

/** Edits one's own question (title and body) or answer (body), within the 30 minutes the server allows. */
export function EditPostForm({
  kind,
  id,
  questionId,
  title,
  body,
  onDone,
}: {
  kind: 'question' | 'answer';
  id: number;
  questionId: number;
  title?: string;
  body: string;
  onDone: () => void;
}) {
  const t = useT();
  const formId = useId();
  const edit = useEditPost(questionId);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TEditForm, unknown, z.output<typeof ZEditForm>>({
    resolver: zodResolver(ZEditForm),
    defaultValues: kind === 'question' ? { title, body } : { body },
  });

  const onSubmit = handleSubmit((values) =>
    edit.mutate(
      { id, kind, body: values.body, ...(kind === 'question' ? { title: values.title } : {}) },
      {
        onSuccess: () => {
          toast.success(t('qa.changesSaved'));
          onDone();
        },
      },
    ),
  );

  return (
    <form
      className="qa-form"
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      aria-label={kind === 'question' ? t('qa.editQuestion') : t('qa.editAnswer')}
    >
      {kind === 'question' && (
        <TextField
          id={`${formId}-title`}
          label={t('qa.title')}
          error={errors.title?.message}
          {...register('title')}
        />
      )}
      <TextAreaField
        id={`${formId}-body`}
        label={kind === 'question' ? t('qa.yourQuestion') : t('qa.yourAnswer')}
        rows={5}
        autoFocus={kind === 'answer'}
        error={errors.body?.message}
        {...register('body')}
      />
      <FormAlert message={edit.isError && refusalMessage(edit.error, genericError())} />
      <div className="qa-form-actions">
        <button type="button" className="btn btn-outline" onClick={onDone} disabled={edit.isPending}>
          {t('qa.cancel')}
        </button>
        <button type="submit" className="btn" disabled={edit.isPending}>
          {edit.isPending ? t('qa.saving') : t('qa.saveChanges')}
        </button>
      </div>
    </form>
  );
}
