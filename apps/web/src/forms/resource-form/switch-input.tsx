import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import { useController } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation';
import type { TextKey } from '../view-text';
import type { FieldInputProps } from './field-input-props';
import { useFieldErrorText } from './use-field-error-text';

/** A yes/no field as a switch. */
export function SwitchInput({ form, field, label, disabled }: FieldInputProps) {
  const { t } = useTranslation();
  const { field: input } = useController({ name: field.name, control: form.control });
  const errorText = useFieldErrorText(form, field.name);
  return (
    <div>
      <FormControlLabel
        sx={{ minHeight: 56 }}
        control={
          <Switch
            name={input.name}
            checked={input.value === true}
            disabled={disabled}
            onChange={(event) => input.onChange(event.target.checked)}
            onBlur={input.onBlur}
            slotProps={{ input: { ref: input.ref } }}
          />
        }
        label={label}
      />
      {errorText ? (
        <FormHelperText error>{errorText}</FormHelperText>
      ) : (
        field.hint && <FormHelperText sx={{ mt: 0 }}>{t(field.hint as TextKey)}</FormHelperText>
      )}
    </div>
  );
}
