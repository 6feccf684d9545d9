import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callOp } from '@/lib/api.ts';
import { adminKeys } from '@/lib/queries/admin.ts';

export const AUDIT_PAGE_SIZE = 20;

/** The screen's filters: the person (account id or email), one action or a subject, and a range of days. */
export type AuditFilter = { actor: string; action: string; from: string; to: string };
export const NO_FILTER: AuditFilter = { actor: '', action: '', from: '', to: '' };

export const auditKeys = {
  all: [...adminKeys.all, 'audit'] as const,
  page: (filter: AuditFilter, pageNo: number) => [...auditKeys.all, filter, pageNo] as const,
};

/** One zero-based page of the audit log, newest first, with only the filters that are set. */
export function useAuditLog(filter: AuditFilter, pageNo: number) {
  const set = Object.fromEntries(Object.entries(filter).filter(([, v]) => v.trim() !== ''));
  return useQuery({
    queryKey: auditKeys.page(filter, pageNo),
    queryFn: ({ signal }) => callOp('auditList', { pageSize: AUDIT_PAGE_SIZE, pageNo, ...set }, { signal }),
    placeholderData: keepPreviousData,
  });
}
