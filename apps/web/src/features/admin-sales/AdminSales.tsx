import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { COURSE_CATEGORIES } from '@app/contract/categories';
import type { TSaleDto } from '@app/contract/sales';
import { DataTable, type Column } from '@/components/DataTable.tsx';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { callOp } from '@/lib/api.ts';
import { DateWindowFields } from '@/components/form/DateWindowFields.tsx';
import { formatLagosTime, fromLagosInput, lagosInput, runStatus } from '@/lib/dates.ts';
import { categoryName } from '@/lib/i18n/categories.ts';
import { t as translate, useT } from '@/lib/i18n/index.ts';
import { genericError, refusalMessage } from '@/lib/messages.ts';
import './admin-sales.css';

const KEY = ['admin-sales'] as const;

type SaleStatus = ReturnType<typeof runStatus> | 'Cancelled';
/** The catalog key of each sale status's label. */
const STATUS_LABELS: Record<SaleStatus, string> = {
  Scheduled: 'adminSales.status.scheduled',
  Running: 'adminSales.status.running',
  Ended: 'adminSales.status.ended',
  Cancelled: 'adminSales.status.cancelled',
};

/** /admin/sales: site-wide sales (a percent off all courses or some categories, between two moments). */
export function AdminSales() {
  const t = useT();
  const qc = useQueryClient();
  const list = useQuery({ queryKey: KEY, queryFn: ({ signal }) => callOp('saleList', {}, { signal }) });
  const save = useMutation({
    mutationFn: (body: Parameters<typeof callOp<'saleSave'>>[1]) => callOp('saleSave', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
  const cancel = useMutation({
    mutationFn: (id: number) => callOp('saleCancel', { id }),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
  const [percent, setPercent] = useState('');
  const [startsAt, setStartsAt] = useState(() => lagosInput(new Date()));
  const [endsAt, setEndsAt] = useState(() => lagosInput(new Date(Date.now() + 7 * 86_400_000)));
  const [categories, setCategories] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    save.mutate(
      {
        percent: Number(percent),
        startsAt: fromLagosInput(startsAt),
        endsAt: fromLagosInput(endsAt),
        ...(categories.length ? { categories } : {}),
      },
      {
        onSuccess: () => {
          toast.success(translate('adminSales.saved'));
          setPercent('');
        },
        onError: (err) => setError(refusalMessage(err, genericError())),
      },
    );
  };

  const columns: Column<TSaleDto>[] = [
    { head: t('adminSales.col.off'), cell: (s) => `${s.percent}%`, title: true },
    { head: t('adminSales.col.from'), cell: (s) => formatLagosTime(s.startsAt) },
    { head: t('adminSales.col.until'), cell: (s) => formatLagosTime(s.endsAt) },
    {
      head: t('adminSales.col.courses'),
      cell: (s) =>
        s.categories ? s.categories.map((c) => categoryName(t, c)).join(', ') : t('adminSales.allCourses'),
    },
    {
      head: t('adminSales.col.status'),
      cell: (s) => {
        const status: SaleStatus = s.cancelled ? 'Cancelled' : runStatus(s.startsAt, s.endsAt);
        return (
          <div className="row-actions">
            <span className={`status run-${status.toLowerCase()}`}>{t(STATUS_LABELS[status])}</span>
            {status !== 'Cancelled' && status !== 'Ended' && (
              <button
                type="button"
                className="btn btn-outline"
                aria-label={t('adminSales.cancelLabel', { percent: s.percent })}
                disabled={cancel.isPending}
                onClick={() =>
                  cancel.mutate(s.id, { onError: (err) => toast.error(refusalMessage(err, genericError())) })
                }
              >
                {t('adminSales.cancel')}
              </button>
            )}
          </div>
        );
      },
    },
  ];

  return (
    <section className="admin-sales">
      <h1>{t('adminSales.title')}</h1>
      <form className="card sale-form" onSubmit={submit} aria-label={t('adminSales.newSale')}>
        <label>
          {t('adminSales.percent')}
          <input
            type="number"
            min={1}
            max={100}
            step={1}
            value={percent}
            onChange={(e) => setPercent(e.target.value)}
            required
          />
        </label>
        <DateWindowFields startsAt={startsAt} endsAt={endsAt} onStartsAt={setStartsAt} onEndsAt={setEndsAt} />
        <label>
          {t('adminSales.categories')}
          <select
            multiple
            value={categories}
            onChange={(e) => setCategories([...e.target.selectedOptions].map((o) => o.value))}
          >
            {COURSE_CATEGORIES.map((c) => (
              <option key={c.code} value={c.code}>
                {categoryName(t, c.code)}
              </option>
            ))}
          </select>
        </label>
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="btn" disabled={save.isPending}>
          {t('adminSales.create')}
        </button>
      </form>
      {list.isError && <LoadFailed message={t('adminSales.loadFailed')} onRetry={list.refetch} />}
      {list.data &&
        (list.data.sales.length === 0 ? (
          <p className="muted">{t('adminSales.empty')}</p>
        ) : (
          <DataTable columns={columns} rows={list.data.sales} rowKey={(s) => s.id} />
        ))}
    </section>
  );
}
