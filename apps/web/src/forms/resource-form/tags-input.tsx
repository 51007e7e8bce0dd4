import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { FieldInputProps } from './field-input-props';
import { useFieldErrorText } from './use-field-error-text';

const NO_SUGGESTIONS: string[] = [];

function asTags(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** A list of free words (an administrator's groups), each shown as a removable chip. */
export function TagsInput({ form, field, label, disabled }: FieldInputProps) {
  const { t } = useTranslation();
  const { field: input } = useController({ name: field.name, control: form.control });
  const errorText = useFieldErrorText(form, field.name);
  return (
    <Autocomplete
      multiple
      freeSolo
      // A word typed but not yet confirmed with Enter is kept when the field loses focus.
      autoSelect
      options={NO_SUGGESTIONS}
      value={asTags(input.value)}
      onChange={(_event, tags) => input.onChange(tags.map((tag) => tag.trim()).filter((tag) => tag !== ''))}
      onBlur={input.onBlur}
      disabled={disabled}
      clearText={t('form.clear')}
      renderValue={(tags, getItemProps) =>
        tags.map((tag, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} size="small" label={tag} {...itemProps} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          name={input.name}
          inputRef={input.ref}
          label={label}
          required={field.required}
          error={errorText !== undefined}
          helperText={errorText ?? t('form.tagsHint')}
        />
      )}
    />
  );
}
