import { useState } from 'react';
import { toast } from 'react-toastify';
import { z } from 'zod';
import type { ZLiveSessionDto } from '@app/contract/cohorts';
import { FormAlert } from '@/components/form/FormAlert.tsx';
import { TextField } from '@/components/form/FormField.tsx';
import { Modal } from '@/components/Modal.tsx';
import { UploadField } from '@/components/UploadField.tsx';
import { GENERIC_ERROR, refusalMessage } from '@/lib/messages.ts';
import { useSaveSession } from '../api/cohorts.ts';

const ZRecordingLink = z.url({ protocol: /^https$/, error: 'The link must start with https://' });

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
      if (!uploaded) return setError('Choose the video of the recording.');
      recording = uploaded.url;
    } else {
      const checked = ZRecordingLink.safeParse(link.trim());
      if (!checked.success) return setError(checked.error.issues[0]?.message ?? GENERIC_ERROR);
      recording = checked.data;
    }
    const { id, cohortId, title, startsAt, durationMinutes, provider } = session;
    save.mutate(
      { id, cohortId, title, startsAt, durationMinutes, provider, recording },
      {
        onSuccess: () => {
          toast.success(`The recording of ${title} is attached.`);
          onClose();
        },
      },
    );
  };

  return (
    <Modal title={`Recording of ${session.title}`} onClose={close}>
      <p className="modal-subtitle">It becomes a lesson of this cohort, for its members only.</p>
      <form className="cohort-form" aria-label="Recording" onSubmit={submit} noValidate>
        <fieldset className="cohort-choice">
          <legend>The recording is</legend>
          <label>
            <input type="radio" checked={kind === 'upload'} onChange={() => setKind('upload')} /> An uploaded
            video
          </label>
          <label>
            <input type="radio" checked={kind === 'link'} onChange={() => setKind('link')} /> A link
          </label>
        </fieldset>
        {kind === 'upload' ? (
          <UploadField
            type="video"
            label="Video"
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
            label="Link to the recording (https)"
            type="url"
            inputMode="url"
            placeholder="https://"
            value={link}
            onChange={(e) => setLink(e.target.value)}
          />
        )}
        <FormAlert message={error ?? (save.isError && refusalMessage(save.error, GENERIC_ERROR))} />
        <div className="modal-actions">
          <button type="button" className="btn btn-outline" onClick={close}>
            Cancel
          </button>
          <button type="submit" className="btn" disabled={save.isPending || uploading}>
            {save.isPending ? 'Saving...' : 'Attach recording'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
