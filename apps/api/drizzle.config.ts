import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/db/schema.ts', './src/db/schema-money.ts'],
  out: './src/db/migrations',
  migrations: { prefix: 'timestamp' },
});
