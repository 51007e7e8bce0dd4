import { type FieldValues, type Path, type UseFormReturn, useFormState } from 'react-hook-form';
import { useTranslation } from '../i18n/use-translation';
import { fieldErrorText } from './field-error-text';

/**
 * A form field's error and the text shown under it. Subscribes to this field's state only, so a
 * keystroke elsewhere does not re-render the field.
 */
export function useFieldError<V extends FieldValues, C, T>(
  form: UseFormReturn<V, C, T>,
  name: Path<V>,
  errorKeys?: Partial<Record<string, string>>,
): { invalid: boolean; helperText: string | undefined } {
  const { t } = useTranslation();
  const { error } = form.getFieldState(name, useFormState({ control: form.control, name }));
  return { invalid: Boolean(error), helperText: fieldErrorText(t, error, errorKeys) };
}
