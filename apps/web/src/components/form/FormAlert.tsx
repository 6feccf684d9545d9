/**
 * The one validation message a form shows (spec §5 texts), announced to screen readers; nothing without one.
 * `className` replaces the classes of the paragraph (e.g. `field-error` alone for a message among the fields).
 */
export function FormAlert({
  message,
  className = 'field-error form-alert',
}: {
  message?: string | false | null;
  className?: string;
}) {
  if (!message) return null;
  return (
    <p className={className} role="alert">
      {message}
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
