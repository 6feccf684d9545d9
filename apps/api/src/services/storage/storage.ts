import type { Readable } from 'node:stream';

export type MediaKind = 'image' | 'video' | 'resource';

/** Storage keys are `<folder>/<name>`; the folder says what the file is and how it is served. */
export const KIND_FOLDER: Record<MediaKind, string> = {
  image: 'images',
  video: 'videos',
  resource: 'resources',
};

export type StoredObject = { size: number; etag: string; lastModified: Date };
export type ByteRange = { start: number; end: number };

/** Where uploads are kept: local disk under DATA_DIR, or S3-compatible storage. */
export interface Storage {
  readonly kind: 'disk' | 's3';
  /** Streams `body` to `key`; the object becomes visible only once the whole body was stored. */
  put(key: string, body: Readable, contentType: string): Promise<{ size: number }>;
  /** Size and ETag of a stored object, or null when there is none. */
  stat(key: string): Promise<StoredObject | null>;
  /** The object's bytes, or only `range` (inclusive) of them. */
  read(key: string, range?: ByteRange): Promise<Readable>;
  delete(key: string): Promise<void>;
  /**
   * A URL that lets `viewerId` fetch a protected object (video, resource) for `ttlSeconds`:
   * our own HMAC-signed /media URL on disk, a presigned GET with S3.
   */
  signedUrl(key: string, viewerId: number, ttlSeconds: number): Promise<string>;
  /** The objects directly in `folder` (`images`, `videos`, ...), with when each was last written. */
  list(folder: string): AsyncIterable<{ key: string; lastModified: Date }>;
  /** The key behind a URL this storage handed out (a presigned S3 URL); null when it is not one. */
  keyFromForeignUrl(url: URL): string | null;
}
