import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { ANNOUNCEMENTS_PER_WEEK, ZAnnouncementAddRequest } from '@app/contract/questions';
import { FormAlert } from '@/components/form/FormAlert.tsx';
import { TextAreaField, TextField } from '@/components/form/FormField.tsx';
import { Modal } from '@/components/Modal.tsx';
import { GENERIC_ERROR, refusalMessage } from '@/lib/messages.ts';
import { useAddAnnouncement } from '@/lib/queries/questions.ts';
import './qa.css';

export const ANNOUNCEMENT_SENT = 'Announcement sent to the students of this course.';

const ZAnnouncementForm = z.object({
  title: ZAnnouncementAddRequest.shape.title,
  body: ZAnnouncementAddRequest.shape.body,
});
type TAnnouncementForm = z.input<typeof ZAnnouncementForm>;

/** The tutor's 'Announce' button on a course: a title and a message for every student of the course. */
export function AnnounceButton({ course }: { course: { id: number; title: string } }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn btn-outline"
        aria-label={`Send an announcement to the students of ${course.title}`}
        onClick={() => setOpen(true)}
      >
        Announce
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
        toast.success(ANNOUNCEMENT_SENT);
        onClose();
      },
    }),
  );

  return (
    <Modal title="Send an announcement" onClose={close} className="qa-announce-modal">
      <p className="muted">
        To every student of “{course.title}”, in the app and by email. A course can have{' '}
        {ANNOUNCEMENTS_PER_WEEK} announcements in 7 days.
      </p>
      <form className="qa-form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <TextField
          id={`${id}-title`}
          label="Title"
          data-autofocus
          error={errors.title?.message}
          {...register('title')}
        />
        <TextAreaField
          id={`${id}-body`}
          label="Message"
          rows={6}
          error={errors.body?.message}
          {...register('body')}
        />
        <FormAlert message={send.isError && refusalMessage(send.error, GENERIC_ERROR)} />
        <div className="modal-actions">
          <button type="button" className="btn btn-outline" onClick={onClose} disabled={send.isPending}>
            Cancel
          </button>
          <button type="submit" className="btn" disabled={send.isPending}>
            {send.isPending ? 'Sending...' : 'Send announcement'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
