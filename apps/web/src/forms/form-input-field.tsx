import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useId } from 'react';
import type { FieldValues, Path, RegisterOptions, UseFormReturn } from 'react-hook-form';
import { useFieldError } from './use-field-error';

interface FormInputFieldProps<V extends FieldValues, C, T> {
  form: UseFormReturn<V, C, T>;
  name: Path<V>;
  label: string;
  rules?: RegisterOptions<V, Path<V>>;
  /** Replaces message keys for this field only (see `fieldErrorText`). */
  errorKeys?: Partial<Record<string, string>>;
  type?: 'email' | 'password' | 'text';
  autoComplete?: string;
  /** The on-screen keyboard to offer (`numeric` for a one-time code). */
  inputMode?: 'numeric' | 'text';
  autoFocus?: boolean;
  readOnly?: boolean;
}

/**
 * A full-width outlined input bound to a react-hook-form field, with its error shown underneath: the
 * same markup as MUI's TextField (label, notch, helper text wired by id), assembled from its parts
 * because TextField also imports Select with its Menu and Popper, which the public screens never use.
 */
export function FormInputField<V extends FieldValues, C, T>({
  form,
  name,
  label,
  rules,
  errorKeys,
  type = 'text',
  autoComplete,
  inputMode,
  autoFocus,
  readOnly,
}: FormInputFieldProps<V, C, T>) {
  const id = useId();
  const { invalid, helperText } = useFieldError(form, name, errorKeys);
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl fullWidth error={invalid}>
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput
        {...form.register(name, rules)}
        id={id}
        label={label}
        type={type}
        autoComplete={autoComplete}
        inputProps={inputMode ? { inputMode } : undefined}
        autoFocus={autoFocus}
        readOnly={readOnly}
        fullWidth
        aria-describedby={helperTextId}
      />
      {helperText && <FormHelperText id={helperTextId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
