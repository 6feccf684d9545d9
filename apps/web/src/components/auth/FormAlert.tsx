/** The one validation message a form shows (spec §5 texts), announced to screen readers. */
export function FormAlert({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p className="field-error form-alert" role="alert">
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
