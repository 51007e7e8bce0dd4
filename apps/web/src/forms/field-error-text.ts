import type { FieldError } from 'react-hook-form';
import type { TFunction } from '../i18n/i18n';
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
  const override = overrides[message];
  if (override !== undefined) return t(override as TextKey);
  // The loaded texts know the contract's keys (under `errors.*`), so the contract's own catalogue of
  // both languages need not be bundled with every form just to tell the two kinds apart.
  const contractText = t(`errors.${message}` as TextKey, { defaultValue: '' });
  return contractText !== '' ? contractText : t(message as TextKey);
}
