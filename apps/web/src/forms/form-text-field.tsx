import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { FieldValues, Path, RegisterOptions, UseFormReturn } from 'react-hook-form';
import { useFieldError } from './use-field-error';

type FormTextFieldProps<V extends FieldValues, C, T> = Omit<
  TextFieldProps,
  'name' | 'error' | 'helperText'
> & {
  form: UseFormReturn<V, C, T>;
  name: Path<V>;
  rules?: RegisterOptions<V, Path<V>>;
  /** Replaces message keys for this field only (see `fieldErrorText`). */
  errorKeys?: Partial<Record<string, string>>;
};

/** A full-width text field bound to a react-hook-form field, with its error shown underneath. */
export function FormTextField<V extends FieldValues, C, T>({
  form,
  name,
  rules,
  errorKeys,
  ...props
}: FormTextFieldProps<V, C, T>) {
  const { invalid, helperText } = useFieldError(form, name, errorKeys);
  return (
    <TextField fullWidth {...props} {...form.register(name, rules)} error={invalid} helperText={helperText} />
  );
}
