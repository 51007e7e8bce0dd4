import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useController } from 'react-hook-form';
import { useLocale } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import type { TextKey } from '../view-text';
import { shownDateText, typedDateValue } from './date-field-text';
import type { FieldInputProps } from './field-input-props';
import { useFieldErrorText } from './use-field-error-text';

/** The schema's "Format: YYYY-MM-DD" names the API's form; the field says the form it reads. */
const DATE_ERRORS = { invalidDate: 'form.dateInvalid' };

/**
 * A calendar day typed in the UI language's form (23.11.2026, 11/23/2026): the browser's own date
 * input would follow the browser's locale instead. The form holds the ISO day.
 */
export function DateInput({ form, field, label, disabled }: FieldInputProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { field: input } = useController({ name: field.name, control: form.control });
  const errorText = useFieldErrorText(form, field.name, DATE_ERRORS);
  // What the user is typing, until they leave the input.
  const [typed, setTyped] = useState<string | null>(null);
  return (
    <TextField
      fullWidth
      label={label}
      required={field.required}
      disabled={disabled}
      name={input.name}
      inputRef={input.ref}
      value={shownDateText(typed, input.value, locale)}
      onChange={(event) => {
        setTyped(event.target.value);
        input.onChange(typedDateValue(event.target.value, locale));
      }}
      onBlur={() => {
        setTyped(null);
        input.onBlur();
      }}
      error={errorText !== undefined}
      helperText={errorText ?? (field.hint ? t(field.hint as TextKey) : undefined)}
      slotProps={{ htmlInput: { placeholder: t('form.datePattern'), autoComplete: 'off' } }}
    />
  );
}
