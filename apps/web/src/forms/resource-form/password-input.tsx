import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useController } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation';
import type { FieldInputProps } from './field-input-props';
import { useFieldErrorText } from './use-field-error-text';

/** A new password, hidden by default, with a button to check what was typed. */
export function PasswordInput({ form, field, label, disabled }: FieldInputProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const { field: input } = useController({ name: field.name, control: form.control });
  const errorText = useFieldErrorText(form, field.name);
  return (
    <TextField
      fullWidth
      label={label}
      required={field.required}
      disabled={disabled}
      type={shown ? 'text' : 'password'}
      autoComplete="new-password"
      name={input.name}
      inputRef={input.ref}
      value={typeof input.value === 'string' ? input.value : ''}
      onChange={(event) => input.onChange(event.target.value)}
      onBlur={input.onBlur}
      error={errorText !== undefined}
      helperText={errorText}
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                edge="end"
                aria-label={t(shown ? 'form.hidePassword' : 'form.showPassword')}
                onClick={() => setShown((value) => !value)}
                // Keeps the focus (and the caret) in the field.
                onMouseDown={(event) => event.preventDefault()}
              >
                {shown ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
