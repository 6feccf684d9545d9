import { useEffect, useId, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import './UploadField.css';
import { API_BASE } from '@app/contract/endpoints';
import { PLAIN_ROUTES } from '@app/contract/operation-routes';
import type { TUploadType } from '@app/contract/media';
import { clearSession, getToken } from '@/lib/session.ts';
import { t as translate, useT } from '@/lib/i18n/index.ts';
import { translateRefusal } from '@/lib/i18n/refusals.ts';

// The keys of the spec's exact failure texts (§8); a resource file gets the same sentence.
const UPLOAD_FAILED: Record<TUploadType, string> = {
  image: 'upload.failed.image',
  video: 'upload.failed.video',
  resource: 'upload.failed.resource',
};
/** What an upload failure says (in the active language, read when it is said). */
export const uploadFailedMessage = (type: TUploadType) => translate(UPLOAD_FAILED[type]);

/** The progress bar's name while a file of each type is sent. */
const UPLOADING: Record<TUploadType, string> = {
  image: 'upload.uploading.image',
  video: 'upload.uploading.video',
  resource: 'upload.uploading.resource',
};

type UploadResult = { url: string; fileName: string };

/** A refused upload: `status` 0 when the network failed; `message` the server's reason when it gave one. */
export class UploadError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Sends one file to `POST /images/add` (multipart: type, name, then files) and reports upload progress in percent.
 * XMLHttpRequest rather than fetch because only XHR exposes upload progress.
 */
export function uploadFile(
  file: File,
  type: TUploadType,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<UploadResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(PLAIN_ROUTES.upload.method, `${API_BASE}${PLAIN_ROUTES.upload.path}`);
    const token = getToken();
    if (token) xhr.setRequestHeader('apiKey', token);
    xhr.responseType = 'text';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      type Answer = { url?: unknown; responseDto?: { message?: string } } | null;
      let body: Answer;
      try {
        body = JSON.parse(xhr.responseText) as Answer;
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && typeof body?.url === 'string') {
        onProgress(100);
        resolve({ url: body.url, fileName: file.name });
        return;
      }
      // The server refused the stored token: the session is over (same as lib/api.ts).
      if (xhr.status === 401 && token) clearSession();
      reject(
        new UploadError(
          xhr.status,
          body?.responseDto?.message ?? translate('upload.failedStatus', { status: xhr.status }),
        ),
      );
    };
    xhr.onerror = () => reject(new UploadError(0, translate('upload.networkError')));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    // The server reads the fields in order, so type and name must come before the file.
    const form = new FormData();
    form.append('type', type);
    form.append('name', file.name);
    form.append('files', file);
    xhr.send(form);
  });
}

const ACCEPT: Record<TUploadType, string> = {
  image: 'image/png,image/jpeg,image/webp,image/gif',
  video: 'video/mp4,video/webm,video/quicktime',
  resource: '.pdf,.zip,.doc,.docx,.ppt,.pptx,.xls,.xlsx,.txt,.md,.csv',
};

/**
 * A file input that uploads as soon as a file is chosen, with a progress bar. Reports the answered url, and
 * whether an upload is running so forms can wait for it.
 */
export function UploadField({
  type,
  label,
  value,
  fileName,
  required = false,
  error,
  onUploaded,
  onClear,
  onBusyChange,
}: {
  type: TUploadType;
  label: string;
  /** The url already uploaded (kept in a draft or received from the server), or empty. */
  value: string | null | undefined;
  /** Name shown for an uploaded file when known. */
  fileName?: string | null;
  required?: boolean;
  error?: string;
  onUploaded: (result: UploadResult) => void;
  onClear?: () => void;
  onBusyChange?: (busy: boolean) => void;
}) {
  const t = useT();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const abortRef = useRef<AbortController | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  // null: no failure; '': failed without a reason worth showing; else the server's reason (wrong format, too large).
  const [failure, setFailure] = useState<string | null>(null);

  // Leaving the screen cancels a running upload.
  useEffect(
    () => () => {
      abortRef.current?.abort();
    },
    [],
  );

  async function onFile(file: File | undefined) {
    if (!file) return;
    abortRef.current?.abort();
    const controller = new AbortController();
    abortRef.current = controller;
    setFailure(null);
    setProgress(0);
    onBusyChange?.(true);
    try {
      const result = await uploadFile(file, type, setProgress, controller.signal);
      onUploaded(result);
    } catch (err) {
      if ((err as Error).name === 'AbortError') return;
      const status = err instanceof UploadError ? err.status : 0;
      setFailure(status === 400 || status === 413 ? translateRefusal((err as Error).message) : '');
      toast.error(uploadFailedMessage(type));
    } finally {
      if (abortRef.current === controller) {
        abortRef.current = null;
        setProgress(null);
        onBusyChange?.(false);
      }
      if (inputRef.current) inputRef.current.value = '';
    }
  }

  const uploading = progress !== null;
  const shownError = failure !== null ? uploadFailedMessage(type) : error;
  return (
    <div className="field upload-field">
      <label htmlFor={id}>
        {label}
        {!required && ` ${t('upload.optional')}`}
      </label>
      <input
        ref={inputRef}
        id={id}
        type="file"
        accept={ACCEPT[type]}
        disabled={uploading}
        aria-invalid={shownError ? true : undefined}
        aria-describedby={shownError ? `${id}-error` : undefined}
        onChange={(e) => void onFile(e.target.files?.[0])}
      />
      {uploading && (
        <div className="upload-progress">
          <progress max={100} value={progress} aria-label={t(UPLOADING[type])} />
          <span>{progress}%</span>
        </div>
      )}
      {!uploading && value && (
        <div className="upload-done">
          {type === 'image' ? (
            <img
              src={value}
              alt={t('upload.previewAlt', { label })}
              className="upload-preview upload-preview-large"
            />
          ) : (
            <span className="upload-name">{fileName || t('upload.fileUploaded')}</span>
          )}
          <span className="muted">{t('upload.uploaded')}</span>
          {onClear && (
            <button type="button" className="link-button" onClick={onClear}>
              {t('upload.remove')}
            </button>
          )}
        </div>
      )}
      {shownError && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {shownError}
          {failure ? ` ${failure}` : ''}
        </p>
      )}
    </div>
  );
}
