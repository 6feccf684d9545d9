import { useMemo, useState, type FormEvent } from 'react';
import type { TAuditEntry } from '@app/contract/audit';
import { DataTable, type Column } from '@/components/DataTable.tsx';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { Pager } from '@/components/Pager.tsx';
import { useT, type Translate } from '@/lib/i18n/index.ts';
import { formatDateTime } from '@/lib/order-text.ts';
import { AUDIT_PAGE_SIZE, NO_FILTER, useAuditLog, type AuditFilter } from './api/audit-log.ts';
import './admin-audit.css';
import { translateRefusal } from '@/lib/i18n/refusals.ts';

/** An entry's details as short `key: value` lines (nested values as JSON). */
function detailsText(details: TAuditEntry['details']): string {
  if (!details) return '';
  return Object.entries(details)
    .filter(([, v]) => v !== null && v !== undefined && v !== '')
    .map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
    .join('\n');
}

/** The table's columns in the language of `t`. */
const columns = (t: Translate): Column<TAuditEntry>[] => [
  { head: t('adminAudit.col.when'), cell: (e) => formatDateTime(e.time) },
  {
    head: t('adminAudit.col.who'),
    cell: (e) =>
      e.actorId === null ? (
        <span className="muted">
          {e.userAgent === 'payment provider' ? t('adminAudit.paymentProvider') : t('adminAudit.system')}
        </span>
      ) : (
        <>
          <span className="audit-name">{e.actorName ?? t('adminAudit.account', { id: e.actorId })}</span>
          <span className="audit-email muted">
            {e.actorEmail ?? ''} {e.actorRole ? `(${e.actorRole})` : ''}
          </span>
        </>
      ),
  },
  { head: t('adminAudit.col.action'), cell: (e) => <code>{e.action}</code>, title: true },
  {
    head: t('adminAudit.col.object'),
    cell: (e) => `${e.subjectType.replace(/_/g, ' ')} ${e.subjectId ?? ''}`.trim(),
  },
  {
    head: t('adminAudit.col.details'),
    cell: (e) => <span className="audit-details">{detailsText(e.details)}</span>,
  },
  { head: t('adminAudit.col.ip'), cell: (e) => e.ip ?? '' },
  {
    head: t('adminAudit.col.requestId'),
    cell: (e) => (e.requestId ? <code className="audit-request">{e.requestId}</code> : ''),
  },
];

/** `/admin/audit`: who did what, on which object, when and from where; filtered by person, action and dates. */
export function AdminAudit() {
  const t = useT();
  const COLUMNS = useMemo(() => columns(t), [t]);
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
      <h1>{t('adminAudit.title')}</h1>
      <p className="muted">{t('adminAudit.intro')}</p>
      <form className="audit-filters" onSubmit={submit} aria-label={t('adminAudit.filterLabel')}>
        <div className="field">
          <label htmlFor="audit-actor">{t('adminAudit.person')}</label>
          <input
            id="audit-actor"
            type="search"
            placeholder={t('adminAudit.personPlaceholder')}
            {...field('actor')}
          />
        </div>
        <div className="field">
          <label htmlFor="audit-action">{t('adminAudit.col.action')}</label>
          <select id="audit-action" {...field('action')}>
            <option value="">{t('adminAudit.allActions')}</option>
            {(log.data?.actions ?? []).map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="audit-from">{t('adminAudit.from')}</label>
          <input id="audit-from" type="date" {...field('from')} />
        </div>
        <div className="field">
          <label htmlFor="audit-to">{t('adminAudit.to')}</label>
          <input id="audit-to" type="date" {...field('to')} />
        </div>
        <div className="audit-buttons">
          <button type="submit" className="btn">
            {t('adminAudit.filter')}
          </button>
          <button type="button" className="btn btn-outline" onClick={() => apply(NO_FILTER)}>
            {t('adminAudit.clear')}
          </button>
        </div>
      </form>

      {log.isError ? (
        <LoadFailed
          message={t('adminAudit.loadFailed', { message: translateRefusal(log.error.message) })}
          onRetry={log.refetch}
        />
      ) : log.isPending ? (
        <p className="page-loading">{t('common.loading')}</p>
      ) : entries.length === 0 ? (
        <p className="empty-state">{t('adminAudit.empty')}</p>
      ) : (
        <div className="audit-table">
          <p className="muted">{t('adminAudit.entryCount', { count: log.data.totalData })}</p>
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
