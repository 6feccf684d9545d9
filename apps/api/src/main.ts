import { loadConfig, ConfigError } from './config.ts';
import { buildApp } from './app.ts';
import { openDatabase, DatabaseLockedError } from './db/client.ts';
import { ensureAdmin } from './commands/ensure-admin.ts';
import { seedDemo } from './commands/seed-demo.ts';

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
  let database;
  try {
    database = await openDatabase({
      url: config.databaseUrl,
      dataDir: config.databaseUrl ? null : config.dataDir,
    });
  } catch (err) {
    if (err instanceof DatabaseLockedError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  await database.migrate();
  const app = await buildApp({ config, db: database.db, webDist: process.env.WEB_DIST });
  const admin = await ensureAdmin(database.db, config);
  const demo = config.demoData ? await seedDemo(app.ctx) : [];

  const shutdown = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);

  await app.listen({ port: config.port, host: config.host });
  const lines = [
    '',
    `DevLearn is running on ${config.publicUrl}`,
    `  database: ${database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
    `  payments: ${config.paystack.secretKey ? 'Paystack' : 'sandbox (no PAYSTACK_SECRET_KEY set)'}`,
    `  email:    ${config.smtpUrl ? 'SMTP' : 'outbox (printed to this log)'}`,
    `  API docs: ${config.publicUrl}/docs`,
    '',
    'Logins:',
    `  admin    ${admin.email} / ${admin.generatedPassword ?? admin.rememberedPassword ?? (config.adminPassword ? '(ADMIN_PASSWORD)' : '(changed by the admin; reset it at /admin/forgot-password)')}   at /admin-login`,
    ...demo.map((d) => `  ${d.role.padEnd(8)} ${d.email} / ${d.password}`),
    '',
  ];
  console.log(lines.join('\n'));
}

await main();
