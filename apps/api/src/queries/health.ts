import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/** The smallest round trip to the database (readiness). */
export const pingDatabase = (db: Db) => db.execute(sql`select 1`);
