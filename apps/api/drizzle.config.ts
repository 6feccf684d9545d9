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
    './src/db/schema-cohorts.ts',
    './src/db/schema-protection.ts',
    './src/db/schema-plans.ts',
    './src/db/schema-assignments.ts',
    './src/db/schema-referrals.ts',
    './src/db/schema-gifts.ts',
    './src/db/schema-captions.ts',
    './src/db/schema-teams.ts',
  ],
  out: './src/db/migrations',
  migrations: { prefix: 'timestamp' },
});
