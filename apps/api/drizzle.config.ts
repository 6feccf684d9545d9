import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './src/db/schema.ts',
    './src/db/schema-money.ts',
    './src/db/schema-learning.ts',
    './src/db/schema-qa.ts',
    './src/db/schema-trust.ts',
    './src/db/schema-growth.ts',
  ],
  out: './src/db/migrations',
  migrations: { prefix: 'timestamp' },
});
