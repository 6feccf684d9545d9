import { z } from 'zod';
import { envelope, ZPageRequest, ZPlainText } from './common.ts';

// The audit log of privileged actions (docs/OPERATIONS.md, "The audit log"): who, what, on which object, when, from
// which IP and in which request. Admins read it with `POST /audit/list`.

/** A day as a date input gives it (`2026-11-26`), in Lagos time (WAT, UTC+1). */
const ZDay = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a date such as 2026-11-26' })
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00+01:00`)), { error: 'must be a real date' });

export const ZAuditListRequest = ZPageRequest.extend({
  /** The person who acted: an account id, or (part of) their email. */
  actor: ZPlainText().trim().max(200, { error: 'must be at most 200 characters' }).optional(),
  /** One action exactly (`course.approved`), or every action of a subject (`course`). */
  action: ZPlainText().trim().max(100, { error: 'must be at most 100 characters' }).optional(),
  /** From the start of this day (inclusive). */
  from: ZDay.optional(),
  /** To the end of this day (inclusive). */
  to: ZDay.optional(),
});
export type TAuditListRequest = z.input<typeof ZAuditListRequest>;

export const ZAuditEntry = z.object({
  id: z.number(),
  /** ISO 8601. */
  time: z.string(),
  actorId: z.number().nullable(),
  actorEmail: z.string().nullable(),
  actorName: z.string().nullable(),
  actorRole: z.string().nullable(),
  action: z.string(),
  subjectType: z.string(),
  subjectId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  requestId: z.string().nullable(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

export const ZAuditListResponse = envelope({
  entries: z.array(ZAuditEntry),
  totalData: z.number(),
  /** Every action the log holds, for the screen's filter. */
  actions: z.array(z.string()),
});
export type TAuditListResponse = z.infer<typeof ZAuditListResponse>;
