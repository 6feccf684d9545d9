import { useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { TextField } from '@/components/form/FormField.tsx';
import { useT } from '@/lib/i18n/index.ts';

/** The team form's values (react-hook-form + `ZTeamPurchase` from @app/contract). */
export type TeamValues = { companyName: string; seats: string };
export const EMPTY_TEAM: TeamValues = { companyName: '', seats: '3' };

/**
 * 'Buy for my team': a checkbox that reveals the seat count and the company's name, each with its inline error. The
 * buyer runs the team and is not enrolled (docs/payments.md, "Team seats").
 */
export function TeamFields({
  on,
  onToggle,
  form,
  disabled,
}: {
  on: boolean;
  onToggle: (on: boolean) => void;
  form: UseFormReturn<TeamValues>;
  disabled?: boolean;
}) {
  const t = useT();
  const id = useId();
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <fieldset className="cart-gift" disabled={disabled}>
      <div className="checkbox-field">
        <input id={`${id}-on`} type="checkbox" checked={on} onChange={(e) => onToggle(e.target.checked)} />
        <label htmlFor={`${id}-on`}>{t('cartPanel.teamToggle')}</label>
      </div>
      {on && (
        <div className="cart-gift-fields">
          <p className="cart-gift-note">{t('cartPanel.teamNote')}</p>
          <TextField
            id={`${id}-seats`}
            label={t('cartPanel.teamSeatsLabel')}
            type="number"
            inputMode="numeric"
            min={1}
            error={errors.seats?.message}
            {...register('seats')}
          />
          <TextField
            id={`${id}-company`}
            label={t('cartPanel.teamCompany')}
            autoComplete="organization"
            error={errors.companyName?.message}
            {...register('companyName')}
          />
        </div>
      )}
    </fieldset>
  );
}
