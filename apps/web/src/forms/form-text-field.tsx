import TextField, { type TextFieldProps } from '@mui/material/TextField';
import {
  type FieldValues,
  type Path,
  type RegisterOptions,
  type UseFormReturn,
  useFormState,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldErrorText } from './field-error-text';

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
  const { t } = useTranslation();
  const { error } = form.getFieldState(name, useFormState({ control: form.control, name }));
  return (
    <TextField
      fullWidth
      {...props}
      {...form.register(name, rules)}
      error={Boolean(error)}
      helperText={fieldErrorText(t, error, errorKeys)}
    />
  );
}
