import { useState } from 'react';
import { toast } from 'react-toastify';
import type { TCoursePlan } from '@app/contract/instalments';
import { TextField } from '@/components/form/FormField.tsx';
import { planSummary } from '@/components/cart/PlanPicker.tsx';
import { SaveActions } from '@/components/form/SaveActions.tsx';
import { genericError, refusalMessage } from '@/lib/messages.ts';
import { useT } from '@/lib/i18n/index.ts';
import { useSavePlan } from '../api/plans.ts';
import { planFormErrors, type PlanFields } from './plan-form-rules.ts';

const fieldsOf = (plan: TCoursePlan | null): PlanFields => ({
  firstKind: plan?.firstKind ?? 'percent',
  firstValue: plan ? String(plan.firstValue) : '',
  furtherPayments: String(plan?.furtherPayments ?? 2),
  interval: plan?.interval ?? 'month',
  discount: plan && plan.fullPaymentDiscountPercent > 0 ? String(plan.fullPaymentDiscountPercent) : '',
});

/**
 * A new instalment plan for the course, or with `editing` the change of one: the first payment (naira or a percent
 * of the total), 1 to 5 further payments a week or a month apart, and an optional discount for paying the rest at
 * once. Mistakes are said under their fields as they are made; the server's refusal above the buttons.
 */
export function PlanForm({
  courseId,
  priceNaira,
  editing = null,
  onDone,
}: {
  courseId: number;
  priceNaira: number;
  editing?: TCoursePlan | null;
  onDone?: () => void;
}) {
  const t = useT();
  const save = useSavePlan(courseId);
  const [fields, setFields] = useState<PlanFields>(() => fieldsOf(editing));
  const [touched, setTouched] = useState<Partial<Record<keyof PlanFields, boolean>>>({});
  const [error, setError] = useState<string | null>(null);
  const errors = planFormErrors(fields, priceNaira, t);
  const shown = (k: 'firstValue' | 'discount') => (touched[k] ? errors[k] : undefined);
  const set = <K extends keyof PlanFields>(k: K, v: PlanFields[K]) => {
    setFields((f) => ({ ...f, [k]: v }));
    setTouched((was) => ({ ...was, [k]: true }));
  };
  const idFor = (name: string) => `plan-${editing?.id ?? 'new'}-${name}`;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    setTouched({ firstValue: true, discount: true });
    if (Object.keys(errors).length > 0) return;
    save.mutate(
      {
        ...(editing ? { id: editing.id } : {}),
        courseId,
        firstKind: fields.firstKind,
        firstValue: Number(fields.firstValue),
        furtherPayments: Number(fields.furtherPayments),
        interval: fields.interval,
        fullPaymentDiscountPercent: fields.discount.trim() ? Number(fields.discount) : 0,
      },
      {
        onSuccess: (res) => {
          toast.success(t('tutorPlans.saved', { plan: planSummary(res.plan) }));
          if (editing) onDone?.();
          else {
            setFields(fieldsOf(null));
            setTouched({});
          }
        },
        onError: (err) => setError(refusalMessage(err, genericError())),
      },
    );
  };

  return (
    <form
      className="card plan-form"
      onSubmit={submit}
      noValidate
      aria-label={editing ? t('tutorPlans.form.editLabel') : t('tutorPlans.form.newLabel')}
    >
      <h2>{editing ? t('tutorPlans.form.editTitle') : t('tutorPlans.form.newTitle')}</h2>
      <fieldset>
        <legend>{t('tutorPlans.form.first')}</legend>
        <label>
          <input
            type="radio"
            checked={fields.firstKind === 'percent'}
            onChange={() => set('firstKind', 'percent')}
          />{' '}
          {t('tutorPlans.form.percentKind')}
        </label>
        <label>
          <input
            type="radio"
            checked={fields.firstKind === 'amount'}
            onChange={() => set('firstKind', 'amount')}
          />{' '}
          {t('tutorPlans.form.amountKind')}
        </label>
      </fieldset>
      <TextField
        id={idFor('first')}
        label={
          fields.firstKind === 'percent'
            ? t('tutorPlans.form.firstPercent')
            : t('tutorPlans.form.firstAmount')
        }
        type="number"
        inputMode="decimal"
        value={fields.firstValue}
        onChange={(e) => set('firstValue', e.target.value)}
        error={shown('firstValue')}
      />
      <div className="field">
        <label htmlFor={idFor('further')}>{t('tutorPlans.form.further')}</label>
        <select
          id={idFor('further')}
          value={fields.furtherPayments}
          onChange={(e) => set('furtherPayments', e.target.value)}
        >
          {[1, 2, 3, 4, 5].map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </div>
      <fieldset>
        <legend>{t('tutorPlans.form.every')}</legend>
        <label>
          <input type="radio" checked={fields.interval === 'week'} onChange={() => set('interval', 'week')} />{' '}
          {t('tutorPlans.form.week')}
        </label>
        <label>
          <input
            type="radio"
            checked={fields.interval === 'month'}
            onChange={() => set('interval', 'month')}
          />{' '}
          {t('tutorPlans.form.month')}
        </label>
      </fieldset>
      <TextField
        id={idFor('discount')}
        label={t('tutorPlans.form.discount')}
        type="number"
        inputMode="numeric"
        value={fields.discount}
        onChange={(e) => set('discount', e.target.value)}
        error={shown('discount')}
      />
      <SaveActions
        error={error}
        pending={save.isPending}
        editing={editing !== null}
        createLabel={t('tutorPlans.form.create')}
        onCancel={onDone}
      />
    </form>
  );
}
