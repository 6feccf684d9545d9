import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { otps } from '../db/schema.ts';

/** How many reset codes were asked for `email` within the last hour. */
export async function codesAskedLastHour(db: Db, email: string): Promise<number> {
  const [recent] = await db
    .select({ n: count() })
    .from(otps)
    .where(and(eq(otps.email, email), gt(otps.createdAt, sql`now() - interval '1 hour'`)));
  return recent?.n ?? 0;
}

/** The newest reset code of `email` (the only one a reset checks), or undefined. */
export async function newestCode(db: Db, email: string) {
  const [otp] = await db.select().from(otps).where(eq(otps.email, email)).orderBy(desc(otps.id)).limit(1);
  return otp;
}
