import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { ZAnswerAddRequest } from '@app/contract/questions';
import { FormAlert } from '@/components/form/FormAlert.tsx';
import { TextAreaField } from '@/components/form/FormField.tsx';
import { genericError, refusalMessage } from '@/lib/messages.ts';
import { useAnswerQuestion } from '@/lib/queries/questions.ts';
import { useT } from '@/lib/i18n/index.ts';

const ZAnswerForm = z.object({ body: ZAnswerAddRequest.shape.body });
type TAnswerForm = z.input<typeof ZAnswerForm>;

/** The reply box under a thread: up to 5,000 characters; cleared once the answer is posted. */
export function AnswerForm({ questionId }: { questionId: number }) {
  const t = useT();
  const id = useId();
  const answer = useAnswerQuestion(questionId);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<TAnswerForm, unknown, z.output<typeof ZAnswerForm>>({
    resolver: zodResolver(ZAnswerForm),
    defaultValues: { body: '' },
  });

  const onSubmit = handleSubmit(({ body }) =>
    answer.mutate(body, {
      onSuccess: () => {
        toast.success(t('qa.answerPosted'));
        reset();
      },
    }),
  );

  return (
    <form className="qa-form" onSubmit={(e) => void onSubmit(e)} noValidate aria-label={t('qa.answerThis')}>
      <TextAreaField
        id={`${id}-body`}
        label={t('qa.yourAnswer')}
        rows={4}
        error={errors.body?.message}
        {...register('body')}
      />
      <FormAlert message={answer.isError && refusalMessage(answer.error, genericError())} />
      <div className="qa-form-actions">
        <button type="submit" className="btn" disabled={answer.isPending}>
          {answer.isPending ? t('qa.posting') : t('qa.postAnswer')}
        </button>
      </div>
    </form>
  );
}
