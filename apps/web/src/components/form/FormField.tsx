import { createElement, type ComponentPropsWithRef, type ReactNode } from 'react';
import { useLocale } from '@/lib/i18n/index.ts';
import { translateRefusal } from '@/lib/i18n/refusals.ts';

/** What every labelled control shares; the rest of the props (react-hook-form's `register(...)` too) go to the control. */
type FieldProps = {
  id: string;
  label: ReactNode;
  /**
   * The message under the control; without one, no paragraph is drawn. A message of the contract's schemas or of the
   * server (English) is shown in the active language (docs/i18n.md, "Refusals").
   */
  error?: string;
  /** Marks the control invalid without a message under it (the form shows that message elsewhere). */
  invalid?: boolean;
  /** Announce the message to screen readers as it appears. */
  alert?: boolean;
  /** Shown between the control and its message (e.g. a list that failed to load). */
  note?: ReactNode;
};

function Field({
  id,
  label,
  error,
  alert,
  note,
  children,
}: Omit<FieldProps, 'invalid'> & { children: ReactNode }) {
  useLocale();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {note}
      {error && (
        <p className="field-error" id={`${id}-error`} role={alert ? 'alert' : undefined}>
          {translateRefusal(error)}
        </p>
      )}
    </div>
  );
}

// Absent rather than "false" when valid (the same to assistive technology).
const ariaFor = ({ id, error, invalid }: FieldProps) => ({
  'aria-invalid': invalid || error ? true : undefined,
  'aria-describedby': error ? `${id}-error` : undefined,
});

/** The labelled control `tag` (input, textarea or select, with its options as children) and its error message. */
function labelled<T extends 'input' | 'textarea' | 'select'>(tag: T) {
  return function LabelledField(props: FieldProps & ComponentPropsWithRef<T>) {
    const { id, label, error, invalid, alert, note, ...control } = props;
    return (
      <Field id={id} label={label} error={error} alert={alert} note={note}>
        {createElement(tag, { id, ...ariaFor({ id, label, error, invalid }), ...control })}
      </Field>
    );
  };
}

/** `<div class="field">` with a label, an input and its error message. */
export const TextField = labelled('input');
/** A labelled textarea with its error message. */
export const TextAreaField = labelled('textarea');
/** A labelled select (options as children) with its error message. */
export const SelectField = labelled('select');
