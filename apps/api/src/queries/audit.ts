import { and, count, desc, eq, gte, ilike, like, lt, or, sql, type SQL } from 'drizzle-orm';
import type { TAuditListRequest } from '@app/contract/audit';
import type { TPageRequest } from '@app/contract/common';
import type { Db } from '../db/client.ts';
import { auditLog } from '../db/schema-money.ts';
import { accounts } from '../db/schema.ts';

/** Nigeria keeps West Africa Time (UTC+1) all year: a day of the screen's date filter starts at 00:00 WAT. */
const dayStart = (day: string) => new Date(`${day}T00:00:00+01:00`);
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

type AuditFilter = Omit<TAuditListRequest, keyof TPageRequest>;

function conditions(filter: AuditFilter): SQL[] {
  const where: SQL[] = [];
  const actor = filter.actor?.trim();
  if (actor) {
    const id = /^\d{1,9}$/.test(actor) ? Number(actor) : null;
    const byEmail = ilike(accounts.email, `%${escapeLike(actor.toLowerCase())}%`);
    where.push(id === null ? byEmail : or(eq(auditLog.actorId, id), byEmail)!);
  }
  const action = filter.action?.trim();
  if (action) {
    where.push(
      action.includes('.') ? eq(auditLog.action, action) : like(auditLog.action, `${escapeLike(action)}.%`),
    );
  }
  if (filter.from) where.push(gte(auditLog.createdAt, dayStart(filter.from)));
  if (filter.to) {
    const end = dayStart(filter.to);
    end.setUTCDate(end.getUTCDate() + 1);
    where.push(lt(auditLog.createdAt, end));
  }
  return where;
}

/** A page of audit entries, newest first, with the acting account's email and name, and how many match. */
export async function auditPage(db: Db, request: TAuditListRequest & TPageRequest) {
  const where = and(...conditions(request));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        createdAt: auditLog.createdAt,
        actorId: auditLog.actorId,
        actorEmail: accounts.email,
        actorName: accounts.fullName,
        actorRole: auditLog.actorRole,
        action: auditLog.action,
        subjectType: auditLog.subjectType,
        subjectId: auditLog.subjectId,
        details: auditLog.details,
        ip: auditLog.ip,
        userAgent: auditLog.userAgent,
        requestId: auditLog.requestId,
      })
      .from(auditLog)
      .leftJoin(accounts, eq(accounts.id, auditLog.actorId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(request.pageSize)
      .offset(request.pageNo * request.pageSize),
    db
      .select({ n: count() })
      .from(auditLog)
      .leftJoin(accounts, eq(accounts.id, auditLog.actorId))
      .where(where),
  ]);
  return { rows, totalData: total?.n ?? 0 };
}

export type AuditRow = Awaited<ReturnType<typeof auditPage>>['rows'][number];

/**
 * Every action the log holds, in order, for the audit screen's filter. A loose index scan: each step of the
 * recursion takes the next action from `audit_log_action_idx`, so the cost follows how many actions there are, not
 * how many entries (a DISTINCT or GROUP BY reads them all).
 */
export async function auditActions(db: Db): Promise<string[]> {
  const result = (await db.execute(sql`
    with recursive found(action) as (
      (select ${auditLog.action} from ${auditLog} order by ${auditLog.action} limit 1)
      union all
      select (
        select later.action from ${auditLog} later where later.action > found.action order by later.action limit 1
      )
      from found where found.action is not null
    )
    select action from found where action is not null`)) as unknown as { rows: { action: string }[] };
  return result.rows.map((r) => r.action);
}
