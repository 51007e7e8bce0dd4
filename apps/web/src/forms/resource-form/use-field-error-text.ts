import { useFormState } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation';
import { fieldErrorText } from '../field-error-text';
import { fieldErrorOf } from './form-values';
import type { ResourceFormApi } from './use-resource-form';

/**
 * The translated text under a field (a schema's message key or a server text), if it has an error.
 * `overrides` give a message key the field's own text (see `fieldErrorText`).
 */
export function useFieldErrorText(
  form: ResourceFormApi,
  name: string,
  overrides?: Partial<Record<string, string>>,
): string | undefined {
  const { t } = useTranslation();
  const { errors } = useFormState({ control: form.control, name });
  return fieldErrorText(t, fieldErrorOf(errors, name), overrides);
}
