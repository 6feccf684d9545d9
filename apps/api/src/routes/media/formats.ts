import type { MediaKind } from '../../services/storage/storage.ts';

/** What each upload type accepts, by the format detected from the file's bytes (file-type's `ext`). */
export const ACCEPTED: Record<MediaKind, Record<string, { ext: string; mime: string }>> = {
  image: {
    png: { ext: 'png', mime: 'image/png' },
    jpg: { ext: 'jpg', mime: 'image/jpeg' },
    webp: { ext: 'webp', mime: 'image/webp' },
    gif: { ext: 'gif', mime: 'image/gif' },
  },
  video: {
    mp4: { ext: 'mp4', mime: 'video/mp4' },
    m4v: { ext: 'mp4', mime: 'video/mp4' },
    webm: { ext: 'webm', mime: 'video/webm' },
    mov: { ext: 'mov', mime: 'video/quicktime' },
  },
  resource: {
    pdf: { ext: 'pdf', mime: 'application/pdf' },
    zip: { ext: 'zip', mime: 'application/zip' },
  },
};

/** The refusal for bytes that are not what the `type` field promised. */
export const WRONG_FORMAT: Record<MediaKind, string> = {
  image: 'The file is not a supported image. Upload a PNG, JPEG, WebP or GIF file.',
  video: 'The file is not a supported video. Upload an MP4, WebM or MOV file.',
  resource: 'The file is not a supported resource. Upload a PDF or ZIP file.',
};

/** The kind and stored format of a detected file type, or null when no upload type accepts it. */
export function classify(
  detectedExt: string | undefined,
): { kind: MediaKind; ext: string; mime: string } | null {
  if (!detectedExt) return null;
  for (const kind of Object.keys(ACCEPTED) as MediaKind[]) {
    const f = ACCEPTED[kind][detectedExt];
    if (f) return { kind, ...f };
  }
  return null;
}

/**
 * What a submission's file may be, by the format detected from its bytes: PDF, images, ZIP and office documents
 * (Word, Excel, PowerPoint and OpenDocument files are ZIP containers that file-type tells apart by their parts).
 */
export const SUBMISSION_FORMATS: Record<string, { ext: string; mime: string }> = {
  pdf: { ext: 'pdf', mime: 'application/pdf' },
  png: { ext: 'png', mime: 'image/png' },
  jpg: { ext: 'jpg', mime: 'image/jpeg' },
  webp: { ext: 'webp', mime: 'image/webp' },
  gif: { ext: 'gif', mime: 'image/gif' },
  zip: { ext: 'zip', mime: 'application/zip' },
  docx: { ext: 'docx', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  xlsx: { ext: 'xlsx', mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  pptx: { ext: 'pptx', mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation' },
  odt: { ext: 'odt', mime: 'application/vnd.oasis.opendocument.text' },
  ods: { ext: 'ods', mime: 'application/vnd.oasis.opendocument.spreadsheet' },
  odp: { ext: 'odp', mime: 'application/vnd.oasis.opendocument.presentation' },
};

export const WRONG_SUBMISSION_FORMAT =
  'This file type is not allowed. Upload a PDF, an image (PNG, JPEG, WebP, GIF), a ZIP or an office document.';

const MIME_BY_EXT: Record<string, string> = Object.fromEntries(
  [...Object.values(ACCEPTED), SUBMISSION_FORMATS].flatMap((m) =>
    Object.values(m).map((f) => [f.ext, f.mime]),
  ),
);

/** The Content-Type to serve a stored key with. */
export const contentTypeOf = (key: string) =>
  MIME_BY_EXT[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';

export function formatBytes(n: number): string {
  if (n >= 1024 ** 3) return `${+(n / 1024 ** 3).toFixed(1)} GB`;
  if (n >= 1024 ** 2) return `${+(n / 1024 ** 2).toFixed(1)} MB`;
  if (n >= 1024) return `${+(n / 1024).toFixed(1)} KB`;
  return `${n} bytes`;
}
