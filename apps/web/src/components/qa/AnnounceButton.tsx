import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { ANNOUNCEMENTS_PER_WEEK, ZAnnouncementAddRequest } from '@app/contract/questions';
import { FormAlert } from '@/components/form/FormAlert.tsx';
import { TextAreaField, TextField } from '@/components/form/FormField.tsx';
import { Modal } from '@/components/Modal.tsx';
import { genericError, refusalMessage } from '@/lib/messages.ts';
import { useAddAnnouncement } from '@/lib/queries/questions.ts';
import { useT } from '@/lib/i18n/index.ts';
import './qa.css';

const ZAnnouncementForm = z.object({
  title: ZAnnouncementAddRequest.shape.title,
  body: ZAnnouncementAddRequest.shape.body,
});
type TAnnouncementForm = z.input<typeof ZAnnouncementForm>;

/** The tutor's 'Announce' button on a course: a title and a message for every student of the course. */
export function AnnounceButton({ course }: { course: { id: number; title: string } }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn btn-outline"
        aria-label={t('qa.announceLabel', { title: course.title })}
        onClick={() => setOpen(true)}
      >
        {t('qa.announce')}
      </button>
      {open && <AnnouncementDialog course={course} onClose={() => setOpen(false)} />}
    </>
  );
}

function AnnouncementDialog({
  course,
  onClose,
}: {
  course: { id: number; title: string };
  onClose: () => void;
}) {
  const t = useT();
  const id = useId();
  const send = useAddAnnouncement(course.id);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TAnnouncementForm, unknown, z.output<typeof ZAnnouncementForm>>({
    resolver: zodResolver(ZAnnouncementForm),
    defaultValues: { title: '', body: '' },
  });
  const close = () => !send.isPending && onClose();
  const onSubmit = handleSubmit((values) =>
    send.mutate(values, {
      onSuccess: () => {
        toast.success(t('qa.announcementSent'));
        onClose();
      },
    }),
  );

  return (
    <Modal title={t('qa.announceTitle')} onClose={close} className="qa-announce-modal">
      <p className="muted">{t('qa.announceNote', { title: course.title, count: ANNOUNCEMENTS_PER_WEEK })}</p>
      <form className="qa-form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <TextField
          id={`${id}-title`}
          label={t('qa.title')}
          data-autofocus
          error={errors.title?.message}
          {...register('title')}
        />
        <TextAreaField
          id={`${id}-body`}
          label={t('qa.message')}
          rows={6}
          error={errors.body?.message}
          {...register('body')}
        />
        <FormAlert message={send.isError && refusalMessage(send.error, genericError())} />
        <div className="modal-actions">
          <button type="button" className="btn btn-outline" onClick={onClose} disabled={send.isPending}>
            {t('qa.cancel')}
          </button>
          <button type="submit" className="btn" disabled={send.isPending}>
            {send.isPending ? t('common.sending') : t('qa.sendAnnouncement')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
