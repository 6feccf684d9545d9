import type { Config } from '../../config.ts';
import { diskStorage } from './disk.ts';
import type { Storage } from './storage.ts';

/**
 * Builds the storage configured: S3 when S3_BUCKET is set, otherwise disk under DATA_DIR/media. Kept apart from
 * `storage.ts` (the interface the implementations import), so no module both builds and is imported by them.
 */
export async function createStorage(config: Config): Promise<Storage> {
  // The AWS SDK takes longer to load than the rest of the server: only an S3 set-up loads it.
  if (config.s3) return (await import('./s3.ts')).s3Storage(config.s3);
  return diskStorage(config.dataDir, config.jwtSecret);
}
