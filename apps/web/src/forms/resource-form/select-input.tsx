import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { SelectOption } from '@pult/contract';
import { useController } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation';
import type { TextKey } from '../view-text';
import type { FieldInputProps } from './field-input-props';
import { useFieldErrorText } from './use-field-error-text';

// Menu items carry strings; option values may be numbers or booleans, so they are matched by their text.
const NONE = '';

/** A choice among fixed options with translated labels; an optional one can be left empty. */
export function SelectInput({
  form,
  field,
  label,
  disabled,
  options,
}: FieldInputProps & { options: readonly SelectOption[] }) {
  const { t } = useTranslation();
  const { field: input } = useController({ name: field.name, control: form.control });
  const errorText = useFieldErrorText(form, field.name);
  const selected = options.find((option) => option.value === input.value);
  return (
    <TextField
      select
      fullWidth
      label={label}
      required={field.required}
      disabled={disabled}
      name={input.name}
      inputRef={input.ref}
      value={selected ? String(selected.value) : NONE}
      onChange={(event) => {
        const option = options.find((item) => String(item.value) === event.target.value);
        input.onChange(option ? option.value : NONE);
      }}
      onBlur={input.onBlur}
      error={errorText !== undefined}
      helperText={errorText}
    >
      {!field.required && (
        <MenuItem value={NONE}>
          <em>{t('form.notSet')}</em>
        </MenuItem>
      )}
      {options.map((option) => (
        <MenuItem key={String(option.value)} value={String(option.value)}>
          {t(option.label as TextKey)}
        </MenuItem>
      ))}
    </TextField>
  );
}
