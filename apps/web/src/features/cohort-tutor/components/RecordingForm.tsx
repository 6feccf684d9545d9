import { useState } from 'react';
import { toast } from 'react-toastify';
import { z } from 'zod';
import type { ZLiveSessionDto } from '@app/contract/cohorts';
import { FormAlert } from '@/components/form/FormAlert.tsx';
import { TextField } from '@/components/form/FormField.tsx';
import { Modal } from '@/components/Modal.tsx';
import { UploadField } from '@/components/UploadField.tsx';
import { useT } from '@/lib/i18n/index.ts';
import { genericError, refusalMessage } from '@/lib/messages.ts';
import { useSaveSession } from '../api/cohorts.ts';

/** A recording's link: https only (its message in the app's language). */
const recordingLink = (message: string) => z.url({ protocol: /^https$/, error: message });

/**
 * Attaches a session's recording once it is over: an uploaded video, or a link to it. It becomes a lesson of the
 * cohort: its members find it in their course.
 */
export function RecordingForm({
  session,
  onClose,
}: {
  session: z.infer<typeof ZLiveSessionDto>;
  onClose: () => void;
}) {
  const t = useT();
  const save = useSaveSession();
  const [kind, setKind] = useState<'upload' | 'link'>('upload');
  const [uploaded, setUploaded] = useState<{ url: string; fileName: string } | null>(null);
  const [uploading, setUploading] = useState(false);
  const [link, setLink] = useState(session.recording ?? '');
  const [error, setError] = useState<string | null>(null);
  const close = () => !save.isPending && !uploading && onClose();

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    let recording: string;
    if (kind === 'upload') {
      if (!uploaded) return setError(t('cohortTutor.recording.videoMissing'));
      recording = uploaded.url;
    } else {
      const checked = recordingLink(t('cohortTutor.recording.httpsOnly')).safeParse(link.trim());
      if (!checked.success) return setError(checked.error.issues[0]?.message ?? genericError());
      recording = checked.data;
    }
    const { id, cohortId, title, startsAt, durationMinutes, provider } = session;
    save.mutate(
      { id, cohortId, title, startsAt, durationMinutes, provider, recording },
      {
        onSuccess: () => {
          toast.success(t('cohortTutor.recording.attached', { title }));
          onClose();
        },
      },
    );
  };

  return (
    <Modal title={t('cohortTutor.recording.title', { title: session.title })} onClose={close}>
      <p className="modal-subtitle">{t('cohortTutor.recording.lead')}</p>
      <form
        className="cohort-form"
        aria-label={t('cohortTutor.sessions.recording')}
        onSubmit={submit}
        noValidate
      >
        <fieldset className="cohort-choice">
          <legend>{t('cohortTutor.recording.kind')}</legend>
          <label>
            <input type="radio" checked={kind === 'upload'} onChange={() => setKind('upload')} />{' '}
            {t('cohortTutor.recording.upload')}
          </label>
          <label>
            <input type="radio" checked={kind === 'link'} onChange={() => setKind('link')} />{' '}
            {t('cohortTutor.recording.link')}
          </label>
        </fieldset>
        {kind === 'upload' ? (
          <UploadField
            type="video"
            label={t('cohortTutor.recording.video')}
            required
            value={uploaded?.url}
            fileName={uploaded?.fileName}
            onUploaded={setUploaded}
            onClear={() => setUploaded(null)}
            onBusyChange={setUploading}
          />
        ) : (
          <TextField
            id={`recording-link-${session.id}`}
            label={t('cohortTutor.recording.linkField')}
            type="url"
            inputMode="url"
            placeholder="https://"
            value={link}
            onChange={(e) => setLink(e.target.value)}
          />
        )}
        <FormAlert message={error ?? (save.isError && refusalMessage(save.error, genericError()))} />
        <div className="modal-actions">
          <button type="button" className="btn btn-outline" onClick={close}>
            {t('cohortTutor.cancel')}
          </button>
          <button type="submit" className="btn" disabled={save.isPending || uploading}>
            {save.isPending ? t('cohortTutor.saving') : t('cohortTutor.recording.attach')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
