import { useState } from 'react';
import { toast } from 'react-toastify';
import type { TCouponKind } from '@app/contract/coupons';
import { GENERIC_ERROR, refusalMessage } from '@/lib/messages.ts';
import { useSaveCoupon } from '../api/coupons.ts';

/** `YYYY-MM-DDTHH:mm` of a date in the browser's time, for a datetime-local field. */
const localInput = (d: Date) =>
  new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

/** A new coupon for the course: code, percent or naira off, start, end and an optional limit of uses. */
export function CouponForm({ courseId }: { courseId: number }) {
  const save = useSaveCoupon();
  const [code, setCode] = useState('');
  const [kind, setKind] = useState<TCouponKind>('percent');
  const [value, setValue] = useState('');
  const [startsAt, setStartsAt] = useState(() => localInput(new Date()));
  const [endsAt, setEndsAt] = useState(() => localInput(new Date(Date.now() + 30 * 86_400_000)));
  const [limit, setLimit] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    save.mutate(
      {
        courseId,
        code,
        kind,
        value: Number(value),
        startsAt: new Date(startsAt).toISOString(),
        endsAt: new Date(endsAt).toISOString(),
        limit: limit.trim() ? Number(limit) : null,
      },
      {
        onSuccess: (res) => {
          toast.success(`Coupon ${res.coupon.code} created.`);
          setCode('');
          setValue('');
          setLimit('');
        },
        onError: (err) => setError(refusalMessage(err, GENERIC_ERROR)),
      },
    );
  };

  return (
    <form className="card coupon-form" onSubmit={submit} aria-label="New coupon">
      <h2>New coupon</h2>
      <label>
        Code
        <input
          value={code}
          onChange={(e) => setCode(e.target.value.toUpperCase())}
          minLength={4}
          maxLength={20}
          pattern="[A-Za-z0-9]{4,20}"
          title="4 to 20 letters and digits"
          required
        />
      </label>
      <fieldset>
        <legend>Discount</legend>
        <label>
          <input type="radio" checked={kind === 'percent'} onChange={() => setKind('percent')} /> Percent off
        </label>
        <label>
          <input type="radio" checked={kind === 'amount'} onChange={() => setKind('amount')} /> Naira off
        </label>
      </fieldset>
      <label>
        {kind === 'percent' ? 'Percent off (1–100)' : 'Amount off (₦)'}
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
      <label>
        Starts
        <input
          type="datetime-local"
          value={startsAt}
          onChange={(e) => setStartsAt(e.target.value)}
          required
        />
      </label>
      <label>
        Ends
        <input type="datetime-local" value={endsAt} onChange={(e) => setEndsAt(e.target.value)} required />
      </label>
      <label>
        Limit of uses (optional)
        <input type="number" min={1} step={1} value={limit} onChange={(e) => setLimit(e.target.value)} />
      </label>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="btn" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Create coupon'}
      </button>
    </form>
  );
}
