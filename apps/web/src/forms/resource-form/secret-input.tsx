import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useController } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation';
import type { TextKey } from '../view-text';
import type { FieldInputProps } from './field-input-props';
import { useFieldErrorText } from './use-field-error-text';

/**
 * A write-only secret (a password, an API secret, a key). The stored value is never sent to the panel:
 * the record only says `<name>_set`. Typing replaces it, leaving the field empty keeps it, and
 * "Remove" sends null so the server clears it.
 */
export function SecretInput({ form, field, label, disabled, record }: FieldInputProps) {
  const { t } = useTranslation();
  const { field: input } = useController({ name: field.name, control: form.control });
  const errorText = useFieldErrorText(form, field.name);
  const stored = record?.[`${field.name}_set`] === true;
  const removing = input.value === null;
  const multiline = field.input.kind === 'secret' && field.input.multiline === true;
  const state = removing ? t('form.secretWillClear') : stored ? t('form.secretSet') : t('form.secretNotSet');
  const hint = field.hint ? `${state} ${t(field.hint as TextKey)}` : state;
  return (
    <TextField
      fullWidth
      label={label}
      required={field.required}
      disabled={disabled || removing}
      // A multi-line key (a PEM, a JSON file) cannot be a password input; it is not echoed back anyway.
      type={multiline ? 'text' : 'password'}
      multiline={multiline}
      minRows={multiline ? 3 : undefined}
      maxRows={multiline ? 12 : undefined}
      autoComplete="new-password"
      name={input.name}
      inputRef={input.ref}
      value={typeof input.value === 'string' ? input.value : ''}
      onChange={(event) => input.onChange(event.target.value)}
      onBlur={input.onBlur}
      error={errorText !== undefined}
      helperText={errorText ?? hint}
      slotProps={{
        htmlInput: {
          'data-secret-state': removing ? 'removing' : stored ? 'set' : 'not-set',
          spellCheck: false,
          ...(multiline ? { style: { fontFamily: 'monospace', fontSize: 13 } } : {}),
        },
        input: {
          endAdornment:
            stored || removing ? (
              <InputAdornment position="end">
                <Button
                  size="small"
                  disabled={disabled}
                  onClick={() => input.onChange(removing ? '' : null)}
                  color={removing ? 'primary' : 'error'}
                >
                  {removing ? t('form.secretUndo') : t('form.secretClear')}
                </Button>
              </InputAdornment>
            ) : undefined,
        },
      }}
    />
  );
}
