// `npm run backup [-- <archive.tar.gz>]`: writes one archive of everything DevLearn keeps (docs/OPERATIONS.md):
// - the database: `pg_dump -Fc` of DATABASE_URL, or the embedded PGlite database's own dump (`dumpDataDir`; stop the
//   server first, since one process opens an embedded database);
// - the local media folder (DATA_DIR/media), unless media are in S3 (S3_BUCKET: version the bucket instead);
// - DATA_DIR/jwt-secret when there is one (tokens, signed links and two-factor secrets depend on it);
// - manifest.json: the format, when, which database, the schema version (the newest migration applied).
// Default archive: ./backups/devlearn-<UTC time>.tar.gz.
import {
  mkdirSync,
  mkdtempSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
  copyFileSync,
  existsSync,
} from 'node:fs';
import { closeSync, openSync, writeSync } from 'node:fs';
import path from 'node:path';
import * as tar from 'tar';
import {
  ARCHIVE_FORMAT,
  assertEmbeddedClosed,
  BackupError,
  JWT_SECRET_FILE,
  MANIFEST,
  openPglite,
  PG_DUMP_FILE,
  PGLITE_DUMP_FILE,
  runCli,
  runPgTool,
  schemaVersion,
  settings,
  withServer,
} from './lib/backup-archive.mjs';

await runCli(async () => {
  const { dataDir, databaseUrl, s3Bucket, mediaDir } = settings();
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  const out = path.resolve(process.argv[2] ?? path.join('backups', `devlearn-${stamp}.tar.gz`));
  if (existsSync(out)) throw new BackupError(`${out} exists already; name another archive.`);
  mkdirSync(path.dirname(out), { recursive: true });

  const staging = mkdtempSync(path.join(path.dirname(out), '.devlearn-backup-'));
  try {
    const entries = [MANIFEST];
    let version;
    if (databaseUrl) {
      version = await withServer(databaseUrl, schemaVersion);
      runPgTool(
        'pg_dump',
        ['-Fc', '--no-owner', '--no-acl', `--file=${path.join(staging, PG_DUMP_FILE)}`],
        databaseUrl,
      );
      entries.push(PG_DUMP_FILE);
    } else {
      if (!existsSync(path.join(dataDir, 'pgdata')))
        throw new BackupError(`There is no embedded database in ${dataDir} (DATA_DIR) to back up.`);
      assertEmbeddedClosed(dataDir);
      const releaseLock = lockEmbedded(dataDir);
      try {
        const db = await openPglite(path.join(dataDir, 'pgdata'));
        try {
          version = await schemaVersion(async (text) => (await db.query(text)).rows);
          const dump = await db.dumpDataDir('gzip');
          writeFileSync(path.join(staging, PGLITE_DUMP_FILE), Buffer.from(await dump.arrayBuffer()));
        } finally {
          await db.close();
        }
      } finally {
        releaseLock();
      }
      entries.push(PGLITE_DUMP_FILE);
    }
    // Media on local disk go in the archive (the link follows to the folder itself); S3 keeps its own versions.
    const localMedia = !s3Bucket && existsSync(mediaDir);
    if (localMedia) {
      symlinkSync(mediaDir, path.join(staging, 'media'));
      entries.push('media');
    }
    const secretFile = path.join(dataDir, JWT_SECRET_FILE);
    if (existsSync(secretFile)) {
      copyFileSync(secretFile, path.join(staging, JWT_SECRET_FILE));
      entries.push(JWT_SECRET_FILE);
    }
    const manifest = {
      format: ARCHIVE_FORMAT,
      createdAt: new Date().toISOString(),
      database: databaseUrl ? 'postgres' : 'pglite',
      schemaVersion: version.schemaVersion,
      migrations: version.migrations,
      media: s3Bucket ? 's3' : 'local',
      ...(s3Bucket ? { s3Bucket } : {}),
      files: entries.filter((e) => e !== MANIFEST),
    };
    writeFileSync(path.join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    await tar.c({ gzip: true, file: out, cwd: staging, follow: true, portable: true }, entries);
    const mb = (statSync(out).size / 1024 / 1024).toFixed(1);
    console.log(
      `Backup written: ${out} (${mb} MB; ${manifest.database} database at ${manifest.schemaVersion}; ` +
        `${s3Bucket ? `media in S3 bucket ${s3Bucket}, not in the archive` : localMedia ? 'local media' : 'no media yet'})`,
    );
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
});

/** Holds the embedded database's lock while the backup reads it, so a server cannot start on it meanwhile. */
function lockEmbedded(dataDir) {
  const file = path.join(dataDir, 'pgdata.lock');
  rmSync(file, { force: true }); // left behind by a process that is gone (assertEmbeddedClosed checked)
  const fd = openSync(file, 'wx');
  writeSync(fd, String(process.pid));
  closeSync(fd);
  return () => rmSync(file, { force: true });
}
