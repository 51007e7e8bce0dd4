import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { SERVER_ERROR_TYPE } from './field-error-text';

/** Puts the server's per-field texts under the form's fields (focusing the first one). */
export function applyServerFieldErrors<V extends FieldValues>(
  setError: UseFormSetError<V>,
  fields: Partial<Record<Path<V>, string>>,
): void {
  let first = true;
  for (const [field, message] of Object.entries(fields) as [Path<V>, string | undefined][]) {
    if (!message) continue;
    setError(field, { type: SERVER_ERROR_TYPE, message }, { shouldFocus: first });
    first = false;
  }
}
