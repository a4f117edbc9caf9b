import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../api/api-error';
import { toastError } from '../errors/toast-error';

/**
 * What a form does when its request fails: an ERR_VALIDATION answer marks the named inputs with
 * the server's `validation.*` keys; an error code that belongs to one input (a taken e-mail, a
 * duplicated name) marks that input too; everything else is told in the error toast.
 */
export function handleFormError<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  known?: readonly string[],
  codeFields: Partial<Record<string, Path<T>>> = {},
): void {
  if (err instanceof ApiError && err.code === 'ERR_VALIDATION' && err.fields) {
    const entries = Object.entries(err.fields);
    const shown = entries.filter(([field]) => !known || known.includes(field.split('.')[0] ?? field));
    shown.forEach(([field, key], i) =>
      setError(field as Path<T>, { type: 'server', message: key }, { shouldFocus: i === 0 }),
    );
    if (shown.length > 0) return;
  }
  const field = err instanceof ApiError && err.code ? codeFields[err.code] : undefined;
  // The field error keeps the code; useFieldError turns it into the catalogue text.
  if (field && err instanceof ApiError && err.code)
    setError(field, { type: 'server', message: err.code }, { shouldFocus: true });
  toastError(err);
}
