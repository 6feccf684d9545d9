import { useLocale } from '@/lib/i18n/index.ts';
import { translateRefusal } from '@/lib/i18n/refusals.ts';

/**
 * The one validation message a form shows (spec §5 texts), announced to screen readers; nothing without one. A
 * message of the contract's schemas or of the server (English) is shown in the active language (docs/i18n.md).
 * `className` replaces the classes of the paragraph (e.g. `field-error` alone for a message among the fields).
 */
export function FormAlert({
  message,
  className = 'field-error form-alert',
}: {
  message?: string | false | null;
  className?: string;
}) {
  useLocale();
  if (!message) return null;
  return (
    <p className={className} role="alert">
      {translateRefusal(message)}
    </p>
  );
}

/** The first message among react-hook-form's errors, in the form's field order. */
export function firstError(
  errors: Partial<Record<string, { message?: string } | undefined>>,
  order: readonly string[],
): string | undefined {
  for (const name of order) if (errors[name]?.message) return errors[name]?.message;
  return undefined;
}
