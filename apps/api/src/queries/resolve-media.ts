import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { media } from '../db/schema.ts';
import { badRequest } from '../errors.ts';
import { mayUseMedia } from '../policies/media.ts';
import { isValidKey } from '../services/storage/signing.ts';
import { KIND_FOLDER, type MediaKind, type Storage } from '../services/storage/storage.ts';

/**
 * The storage key behind a media URL we handed out: `/media/<key>` (relative or absolute, with or without a
 * signature) or a presigned S3 URL. Null for anything else, such as an external link.
 */
export function keyFromMediaUrl(storage: Pick<Storage, 'keyFromForeignUrl'>, raw: string): string | null {
  const value = raw.trim();
  let url: URL;
  try {
    url = new URL(value, 'http://relative.invalid');
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  let key: string | null = null;
  if (url.pathname.startsWith('/media/')) {
    try {
      key = decodeURIComponent(url.pathname.slice('/media/'.length));
    } catch {
      return null;
    }
  } else {
    key = storage.keyFromForeignUrl(url);
  }
  return key && isValidKey(key) ? key : null;
}

export type MediaRef = { value: string; kind: MediaKind; label: string };

const KIND_WORD: Record<MediaKind, string> = {
  image: 'an image',
  video: 'a video',
  resource: 'a PDF or ZIP file',
};

/**
 * Turns the media URLs of a course into storage keys, refusing (400) anything that is not an upload of
 * the right kind made by `account`.
 */
export async function resolveMediaRefs(
  db: Db,
  storage: Pick<Storage, 'keyFromForeignUrl'>,
  account: { id: number; role: 'user' | 'tutor' | 'admin' },
  refs: MediaRef[],
): Promise<string[]> {
  const keys = refs.map((ref) => {
    const key = keyFromMediaUrl(storage, ref.value);
    if (!key) return badRequest(`${ref.label} must be a file uploaded with /images/add.`);
    if (!key.startsWith(`${KIND_FOLDER[ref.kind]}/`))
      return badRequest(`${ref.label} must be ${KIND_WORD[ref.kind]}.`);
    return key;
  });
  const unique = [...new Set(keys)];
  if (unique.length === 0) return keys;
  const rows = await db
    .select({ key: media.key, ownerId: media.ownerId })
    .from(media)
    .where(inArray(media.key, unique));
  const byKey = new Map(rows.map((r) => [r.key, r]));
  keys.forEach((key, i) => {
    const row = byKey.get(key);
    if (!row || !mayUseMedia(account, row))
      badRequest(`${refs[i]!.label} was not found among your uploads. Upload it again.`);
  });
  return keys;
}

/** The stored uploads of `keys` with their owner and conversion state (what /video/status tells their uploader). */
export async function mediaStates(db: Db, keys: string[]) {
  if (keys.length === 0) return [];
  return db
    .select({
      key: media.key,
      kind: media.kind,
      ownerId: media.ownerId,
      videoStatus: media.videoStatus,
      videoError: media.videoError,
      durationSeconds: media.durationSeconds,
    })
    .from(media)
    .where(inArray(media.key, keys));
}
