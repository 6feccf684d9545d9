import type { FieldErrors, FieldValues, Path, RegisterOptions, UseFormRegister } from 'react-hook-form';

/**
 * The props a FormField control takes from react-hook-form for one top-level field: its registration and its
 * error message. `const field = fieldOf(register, errors)`, then `<TextField id label {...field('title')} />`.
 */
export function fieldOf<T extends FieldValues>(register: UseFormRegister<T>, errors: FieldErrors<T>) {
  return (name: Path<T> & keyof T, options?: RegisterOptions<T, Path<T>>) => ({
    error: errors[name]?.message as string | undefined,
    ...register(name, options),
  });
}

/**
 * As fieldOf, for a form that shows its one message elsewhere (an alert under the fields): the field's registration
 * and its invalid mark.
 */
export function markedFieldOf<T extends FieldValues>(register: UseFormRegister<T>, errors: FieldErrors<T>) {
  return (name: Path<T> & keyof T) => ({ invalid: !!errors[name], ...register(name) });
}
