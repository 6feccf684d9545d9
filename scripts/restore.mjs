// `npm run restore -- <archive.tar.gz>`: puts an archive of `npm run backup` back, into an empty place only:
// - an embedded database: DATA_DIR must be empty (or not exist);
// - PostgreSQL (DATABASE_URL): the database must have no tables, and DATA_DIR/media (local media) must be empty.
// Anything else is refused and nothing is changed. The server then starts on the restored data as usual and applies
// any migration newer than the archive's schema version (docs/OPERATIONS.md).
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import * as tar from 'tar';
import {
  ARCHIVE_FORMAT,
  BackupError,
  isEmptyDir,
  journal,
  JWT_SECRET_FILE,
  MANIFEST,
  openPglite,
  PG_DUMP_FILE,
  PGLITE_DUMP_FILE,
  runCli,
  runPgTool,
  settings,
  withServer,
} from './lib/backup-archive.mjs';

await runCli(async () => {
  const archive = process.argv[2];
  if (!archive) throw new BackupError('Name the archive: npm run restore -- <archive.tar.gz>');
  if (!existsSync(archive)) throw new BackupError(`No such archive: ${archive}`);
  const { dataDir, databaseUrl, mediaDir } = settings();
  const manifest = await readManifest(archive);

  if (manifest.format !== ARCHIVE_FORMAT) throw new BackupError(`${archive} is not a DevLearn backup.`);
  if (!journal().some((e) => e.tag === manifest.schemaVersion)) {
    throw new BackupError(
      `The archive's schema version (${manifest.schemaVersion}) is newer than this code knows. Restore it with the ` +
        'DevLearn version that made it, or a later one.',
    );
  }
  if (manifest.database === 'postgres' && !databaseUrl)
    throw new BackupError('This archive holds a PostgreSQL database: set DATABASE_URL to an empty database.');
  if (manifest.database === 'pglite' && databaseUrl)
    throw new BackupError(
      'This archive holds an embedded (PGlite) database: unset DATABASE_URL to restore it.',
    );

  // Refuse before touching anything.
  if (databaseUrl) {
    const tables = await withServer(databaseUrl, (q) =>
      q(
        "select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'",
      ),
    );
    if (tables[0].n > 0) {
      throw new BackupError(
        `The database at DATABASE_URL is not empty (${tables[0].n} tables). Restore into a new, empty database ` +
          '(createdb devlearn_restored), then point DATABASE_URL at it.',
      );
    }
    if (manifest.media === 'local' && !isEmptyDir(mediaDir))
      throw new BackupError(`${mediaDir} is not empty. Restore into an empty DATA_DIR.`);
  } else if (!isEmptyDir(dataDir)) {
    throw new BackupError(
      `DATA_DIR (${dataDir}) is not empty. Restore into an empty or new folder, then point DATA_DIR at it.`,
    );
  }

  mkdirSync(dataDir, { recursive: true });
  const staging = mkdtempSync(path.join(dataDir, '.restore-'));
  try {
    await tar.x({ file: archive, cwd: staging });
    if (databaseUrl) {
      runPgTool(
        'pg_restore',
        [
          '--no-owner',
          '--no-acl',
          '--exit-on-error',
          '--single-transaction',
          path.join(staging, PG_DUMP_FILE),
        ],
        databaseUrl,
      );
    } else {
      const dump = new Blob([readFileSync(path.join(staging, PGLITE_DUMP_FILE))]);
      const db = await openPglite(path.join(dataDir, 'pgdata'), dump);
      await db.close();
    }
    if (existsSync(path.join(staging, 'media'))) moveInto(path.join(staging, 'media'), mediaDir);
    const secret = path.join(staging, JWT_SECRET_FILE);
    if (existsSync(secret) && !existsSync(path.join(dataDir, JWT_SECRET_FILE)))
      moveInto(secret, path.join(dataDir, JWT_SECRET_FILE));
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  console.log(
    `Restored ${archive} (made ${manifest.createdAt}, schema ${manifest.schemaVersion}) into ` +
      `${databaseUrl ? 'the database at DATABASE_URL' : `the embedded database in ${dataDir}`}` +
      `${manifest.media === 's3' ? `; media stay in S3 bucket ${manifest.s3Bucket}` : ''}. Start the server as usual.`,
  );
});

/** The archive's manifest, read without unpacking the rest. */
async function readManifest(archive) {
  let text = null;
  await tar.t({
    file: archive,
    filter: (p) => p === MANIFEST,
    onReadEntry: (entry) => {
      const chunks = [];
      entry.on('data', (c) => chunks.push(c));
      entry.on('end', () => (text = Buffer.concat(chunks).toString('utf8')));
    },
  });
  if (text === null) throw new BackupError(`${archive} has no ${MANIFEST}: it is not a DevLearn backup.`);
  try {
    return JSON.parse(text);
  } catch {
    throw new BackupError(`${archive} has a damaged ${MANIFEST}.`);
  }
}

/** Moves a file or folder (a copy when it lies on another file system). */
function moveInto(from, to) {
  try {
    renameSync(from, to);
  } catch (err) {
    if (err.code !== 'EXDEV' && err.code !== 'ENOTEMPTY' && err.code !== 'EEXIST') throw err;
    cpSync(from, to, { recursive: true });
  }
}
