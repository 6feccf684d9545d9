import { useState, type FormEvent } from 'react';
import type { TAuditEntry } from '@app/contract/audit';
import { DataTable, type Column } from '@/components/DataTable.tsx';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { Pager } from '@/components/Pager.tsx';
import { formatDateTime } from '@/lib/order-text.ts';
import { AUDIT_PAGE_SIZE, NO_FILTER, useAuditLog, type AuditFilter } from './api/audit-log.ts';
import './admin-audit.css';

/** An entry's details as short `key: value` lines (nested values as JSON). */
function detailsText(details: TAuditEntry['details']): string {
  if (!details) return '';
  return Object.entries(details)
    .filter(([, v]) => v !== null && v !== undefined && v !== '')
    .map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
    .join('\n');
}

const COLUMNS: Column<TAuditEntry>[] = [
  { head: 'When', cell: (e) => formatDateTime(e.time) },
  {
    head: 'Who',
    cell: (e) =>
      e.actorId === null ? (
        <span className="muted">{e.userAgent === 'payment provider' ? 'Payment provider' : 'System'}</span>
      ) : (
        <>
          <span className="audit-name">{e.actorName ?? `Account ${e.actorId}`}</span>
          <span className="audit-email muted">
            {e.actorEmail ?? ''} {e.actorRole ? `(${e.actorRole})` : ''}
          </span>
        </>
      ),
  },
  { head: 'Action', cell: (e) => <code>{e.action}</code>, title: true },
  { head: 'Object', cell: (e) => `${e.subjectType.replace(/_/g, ' ')} ${e.subjectId ?? ''}`.trim() },
  { head: 'Details', cell: (e) => <span className="audit-details">{detailsText(e.details)}</span> },
  { head: 'IP', cell: (e) => e.ip ?? '' },
  {
    head: 'Request id',
    cell: (e) => (e.requestId ? <code className="audit-request">{e.requestId}</code> : ''),
  },
];

/** `/admin/audit`: who did what, on which object, when and from where; filtered by person, action and dates. */
export function AdminAudit() {
  const [draft, setDraft] = useState<AuditFilter>(NO_FILTER);
  const [filter, setFilter] = useState<AuditFilter>(NO_FILTER);
  const [page, setPage] = useState(0);
  const log = useAuditLog(filter, page);
  const entries = log.data?.entries ?? [];
  const field = (name: keyof AuditFilter) => ({
    value: draft[name],
    onChange: (e: { target: { value: string } }) => setDraft({ ...draft, [name]: e.target.value }),
  });
  const apply = (next: AuditFilter) => {
    setDraft(next);
    setFilter(next);
    setPage(0);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    apply(draft);
  };

  return (
    <section className="admin-audit">
      <h1>Audit log</h1>
      <p className="muted">
        Every privileged action: who did it, on what, when, from which address and in which request.
      </p>
      <form className="audit-filters" onSubmit={submit} aria-label="Filter the audit log">
        <div className="field">
          <label htmlFor="audit-actor">Person</label>
          <input id="audit-actor" type="search" placeholder="Email or account id" {...field('actor')} />
        </div>
        <div className="field">
          <label htmlFor="audit-action">Action</label>
          <select id="audit-action" {...field('action')}>
            <option value="">All actions</option>
            {(log.data?.actions ?? []).map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="audit-from">From</label>
          <input id="audit-from" type="date" {...field('from')} />
        </div>
        <div className="field">
          <label htmlFor="audit-to">To</label>
          <input id="audit-to" type="date" {...field('to')} />
        </div>
        <div className="audit-buttons">
          <button type="submit" className="btn">
            Filter
          </button>
          <button type="button" className="btn btn-outline" onClick={() => apply(NO_FILTER)}>
            Clear
          </button>
        </div>
      </form>

      {log.isError ? (
        <LoadFailed
          message={`The audit log could not be loaded: ${log.error.message}`}
          onRetry={log.refetch}
        />
      ) : log.isPending ? (
        <p className="page-loading">Loading...</p>
      ) : entries.length === 0 ? (
        <p className="empty-state">No audit entries match these filters.</p>
      ) : (
        <div className="audit-table">
          <p className="muted">
            {log.data.totalData} {log.data.totalData === 1 ? 'entry' : 'entries'}
          </p>
          <DataTable columns={COLUMNS} rows={entries} rowKey={(e) => e.id} />
        </div>
      )}
      <Pager
        page={page}
        pageCount={Math.ceil((log.data?.totalData ?? 0) / AUDIT_PAGE_SIZE)}
        onChange={setPage}
      />
    </section>
  );
}
