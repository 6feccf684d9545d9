/** Where uploads are kept: local disk under DATA_DIR, or S3-compatible storage. (Filled in by the media work.) */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Storage {}

export function createStorage(): Storage {
  return {};
}
