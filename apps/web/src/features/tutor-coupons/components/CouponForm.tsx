import { useEffect, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import type { TCouponDto, TCouponKind } from '@app/contract/coupons';
import { DateWindowFields } from '@/components/form/DateWindowFields.tsx';
import { fromLagosInput, lagosInput } from '@/lib/dates.ts';
import { SaveActions } from '@/components/form/SaveActions.tsx';
import { genericError, refusalMessage } from '@/lib/messages.ts';
import { useT } from '@/lib/i18n/index.ts';
import { useSaveCoupon } from '../api/coupons.ts';

/**
 * A new coupon for the course (code, percent or naira off, start, end and an optional limit of uses), or with
 * `editing` the change of one of its coupons, its fields filled in; `onDone` when the change is saved or given up.
 */
export function CouponForm({
  courseId,
  editing = null,
  onDone,
}: {
  courseId: number;
  editing?: TCouponDto | null;
  onDone?: () => void;
}) {
  const t = useT();
  const save = useSaveCoupon();
  const [code, setCode] = useState(editing?.code ?? '');
  const [kind, setKind] = useState<TCouponKind>(editing?.kind ?? 'percent');
  const [value, setValue] = useState(editing ? String(editing.value) : '');
  const [startsAt, setStartsAt] = useState(() =>
    lagosInput(editing ? new Date(editing.startsAt) : new Date()),
  );
  const [endsAt, setEndsAt] = useState(() =>
    lagosInput(editing ? new Date(editing.endsAt) : new Date(Date.now() + 30 * 86_400_000)),
  );
  const [limit, setLimit] = useState(editing?.limit != null ? String(editing.limit) : '');
  const [error, setError] = useState<string | null>(null);
  const codeField = useRef<HTMLInputElement>(null);
  // The Edit button of a row is below the form: bring the form to the tutor.
  useEffect(() => {
    if (editing) codeField.current?.focus();
  }, [editing]);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    save.mutate(
      {
        ...(editing ? { id: editing.id } : {}),
        courseId,
        code,
        kind,
        value: Number(value),
        startsAt: fromLagosInput(startsAt),
        endsAt: fromLagosInput(endsAt),
        limit: limit.trim() ? Number(limit) : null,
      },
      {
        onSuccess: (res) => {
          if (editing) {
            toast.success(t('coupons.saved', { code: res.coupon.code }));
            onDone?.();
            return;
          }
          toast.success(t('coupons.created', { code: res.coupon.code }));
          setCode('');
          setValue('');
          setLimit('');
        },
        onError: (err) => setError(refusalMessage(err, genericError())),
      },
    );
  };

  return (
    <form
      className="card coupon-form"
      onSubmit={submit}
      aria-label={editing ? t('coupons.form.editLabel') : t('coupons.form.new')}
    >
      <h2>{editing ? t('coupons.form.editTitle', { code: editing.code }) : t('coupons.form.new')}</h2>
      <label>
        {t('coupons.form.code')}
        <input
          ref={codeField}
          value={code}
          onChange={(e) => setCode(e.target.value.toUpperCase())}
          minLength={4}
          maxLength={20}
          pattern="[A-Za-z0-9]{4,20}"
          title={t('coupons.form.codeHint')}
          required
        />
      </label>
      <fieldset>
        <legend>{t('coupons.form.discount')}</legend>
        <label>
          <input type="radio" checked={kind === 'percent'} onChange={() => setKind('percent')} />{' '}
          {t('coupons.form.percentKind')}
        </label>
        <label>
          <input type="radio" checked={kind === 'amount'} onChange={() => setKind('amount')} />{' '}
          {t('coupons.form.amountKind')}
        </label>
      </fieldset>
      <label>
        {kind === 'percent' ? t('coupons.form.percent') : t('coupons.form.amount')}
        <input
          type="number"
          min={kind === 'percent' ? 1 : 0.01}
          max={kind === 'percent' ? 100 : undefined}
          step={kind === 'percent' ? 1 : 0.01}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          required
        />
      </label>
      <DateWindowFields startsAt={startsAt} endsAt={endsAt} onStartsAt={setStartsAt} onEndsAt={setEndsAt} />
      <label>
        {t('coupons.form.limit')}
        <input type="number" min={1} step={1} value={limit} onChange={(e) => setLimit(e.target.value)} />
      </label>
      <SaveActions
        error={error}
        pending={save.isPending}
        editing={editing !== null}
        createLabel={t('coupons.form.create')}
        onCancel={onDone}
      />
    </form>
  );
}
