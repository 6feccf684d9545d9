import type { TAuditEntry } from '@app/contract/audit';

/** One audit row as the admin's audit screen reads it (the time in ISO 8601). */
export function presentAuditEntry(row: {
  id: number;
  createdAt: Date;
  actorId: number | null;
  actorEmail: string | null;
  actorName: string | null;
  actorRole: string | null;
  action: string;
  subjectType: string;
  subjectId: string | null;
  details: Record<string, unknown> | null;
  ip: string | null;
  userAgent: string | null;
  requestId: string | null;
}): TAuditEntry {
  const { createdAt, ...rest } = row;
  return { ...rest, time: createdAt.toISOString() };
}
