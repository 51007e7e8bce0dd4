import TextField from '@mui/material/TextField';
import { useController } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation';
import type { TextKey } from '../view-text';
import { DateInput } from './date-input';
import type { FieldInputProps } from './field-input-props';
import { integerInputValue } from './form-values';
import { LookupInput } from './lookup-input';
import { PasswordInput } from './password-input';
import { SecretInput } from './secret-input';
import { SelectInput } from './select-input';
import { SwitchInput } from './switch-input';
import { TagsInput } from './tags-input';
import { useFieldErrorText } from './use-field-error-text';

export interface FormFieldInputProps extends FieldInputProps {
  /** The translated label of the field a dependent lookup waits for (see `dependsOn`). */
  parentLabel?: string;
}

/** One field of a resource form, rendered by its input kind, with its error underneath. */
export function FormFieldInput({ parentLabel, ...props }: FormFieldInputProps) {
  const { input } = props.field;
  switch (input.kind) {
    case 'password':
      return <PasswordInput {...props} />;
    case 'secret':
      return <SecretInput {...props} />;
    case 'select':
      return <SelectInput {...props} options={input.options} />;
    case 'lookup':
      return (
        <LookupInput
          {...props}
          lookup={input.lookup}
          dependsOn={input.dependsOn && { ...input.dependsOn, label: parentLabel ?? input.dependsOn.field }}
        />
      );
    case 'tags':
      return <TagsInput {...props} />;
    case 'switch':
      return <SwitchInput {...props} />;
    case 'date':
      return <DateInput {...props} />;
    default:
      return <PlainInput {...props} />;
  }
}

const INPUT_TYPES: Partial<Record<string, string>> = { email: 'email' };

const MULTILINE = new Set(['textarea', 'code', 'json']);
const MONOSPACE = new Set(['code', 'json']);

/** Text, e-mail, long text (also markup and JSON) and integer inputs: a text field bound to the form. */
function PlainInput({ form, field, label, disabled }: FieldInputProps) {
  const { t } = useTranslation();
  const { kind } = field.input;
  const { field: input } = useController({ name: field.name, control: form.control });
  const errorText = useFieldErrorText(form, field.name);
  const value = input.value === null || input.value === undefined ? '' : String(input.value);
  return (
    <TextField
      fullWidth
      label={label}
      required={field.required}
      disabled={disabled}
      type={INPUT_TYPES[kind] ?? 'text'}
      multiline={MULTILINE.has(kind)}
      minRows={MULTILINE.has(kind) ? (kind === 'code' ? 10 : 3) : undefined}
      maxRows={kind === 'code' ? 30 : undefined}
      name={input.name}
      inputRef={input.ref}
      value={value}
      onChange={(event) =>
        input.onChange(kind === 'integer' ? integerInputValue(event.target.value) : event.target.value)
      }
      onBlur={input.onBlur}
      error={errorText !== undefined}
      helperText={errorText ?? (field.hint ? t(field.hint as TextKey) : undefined)}
      slotProps={{
        htmlInput:
          kind === 'integer'
            ? { inputMode: 'numeric' }
            : MONOSPACE.has(kind)
              ? { spellCheck: false, style: { fontFamily: 'monospace', fontSize: 13 } }
              : undefined,
      }}
    />
  );
}
