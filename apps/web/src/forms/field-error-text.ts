import { isMessageKey } from '@pult/contract';
import type { TFunction } from 'i18next';
import type { FieldError } from 'react-hook-form';
import type { TextKey } from './view-text';

/** RHF error type of texts that came from the server: they are already localised, shown as they are. */
export const SERVER_ERROR_TYPE = 'server';

/**
 * The text under a field. Client-side messages are keys: a contract message key (from the zod schemas,
 * translated under `errors.*`) or a full translation key (from the forms' own rules).
 */
export function fieldErrorText(
  t: TFunction,
  error: Pick<FieldError, 'type' | 'message'> | undefined,
  overrides: Partial<Record<string, string>> = {},
): string | undefined {
  const message = error?.message;
  if (!message) return undefined;
  if (error.type === SERVER_ERROR_TYPE) return message;
  const key = overrides[message] ?? (isMessageKey(message) ? `errors.${message}` : message);
  return t(key as TextKey);
}
