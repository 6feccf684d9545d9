import { loadConfig, ConfigError } from './config.ts';
import { openDatabase, DatabaseLockedError } from './db/client.ts';

/** Starts the one process: database, migrations, admin account, demo data, then the web app and the API. */
export async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  // The server's modules load while the database opens (PGlite reads and compiles its WebAssembly meanwhile):
  // start-up is the longer of the two, not their sum.
  const modules = Promise.all([
    import('./app.ts'),
    import('./commands/ensure-admin.ts'),
    import('./commands/seed-demo.ts'),
    import('./commands/encrypt-ladder.ts'),
  ]);
  modules.catch(() => undefined); // awaited below; a failure is reported there
  let database;
  try {
    database = await openDatabase({
      url: config.databaseUrl,
      dataDir: config.databaseUrl ? null : config.dataDir,
      timeoutMs: config.dbTimeoutMs,
      poolSize: config.dbPoolSize,
    });
  } catch (err) {
    if (err instanceof DatabaseLockedError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const [{ buildApp }, { prepareAdmin }, { prepareDemo }, { queueLadderEncryption }] = await modules;
  await database.migrate();
  const app = await buildApp({
    config,
    db: database.db,
    listen: database.listen,
    webDist: process.env.WEB_DIST,
  });
  // Instances starting together on one database make the admin account and demo content once. On a restart
  // there is nothing to make: what is left is to check which remembered passwords still hold (argon2), only for
  // the printout, so that runs once the server listens.
  const [adminLogin, demoLogins] = await database.exclusive(async () => {
    // After an upgrade, lessons converted before encryption are re-encrypted by jobs (admins see the progress).
    await queueLadderEncryption(database.db);
    const admin = prepareAdmin(database.db, config);
    // The demo courses' approvals are the admin's: the demo waits for the account before writing them.
    return Promise.all([admin, config.demoData ? prepareDemo(app.ctx, admin) : async () => []]);
  });

  const shutdown = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());

  await app.listen({ port: config.port, host: config.host });
  const [admin, demo] = await Promise.all([adminLogin(), demoLogins()]);
  const lines = [
    '',
    `DevLearn is running on ${config.publicUrl}`,
    `  database: ${database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
    `  payments: ${config.paystack.secretKey ? 'Paystack' : 'sandbox (no PAYSTACK_SECRET_KEY set)'}`,
    `  email:    ${config.smtpUrl ? 'SMTP' : 'outbox (printed to this log)'}`,
    `  API docs: ${config.publicUrl}/docs`,
    '',
    'Logins:',
    `  admin    ${admin.email} / ${admin.generatedPassword ?? admin.rememberedPassword ?? (config.adminPassword ? '(ADMIN_PASSWORD)' : '(not kept on this machine; reset it at /admin/forgot-password)')}   at /admin-login`,
    ...demo.map((d) => `  ${d.role.padEnd(8)} ${d.email} / ${d.password}`),
    '',
  ];
  console.log(lines.join('\n'));
}

await main();
