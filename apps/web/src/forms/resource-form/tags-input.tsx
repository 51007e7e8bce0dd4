import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { LookupName } from '@pult/contract';
import { useMemo } from 'react';
import { useController } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation';
import { useLookup } from '../../resources/use-lookup';
import { renderTagChips } from '../tag-chips';
import type { FieldInputProps } from './field-input-props';
import { useFieldErrorText } from './use-field-error-text';

const NO_SUGGESTIONS: string[] = [];

function asTags(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/**
 * A list of words, each shown as a removable chip: free words (a bucket's extensions, a platform
 * user's groups), or with a lookup's labels suggested (an administrator's groups, which must exist).
 */
export function TagsInput(props: FieldInputProps) {
  const { input } = props.field;
  return input.kind === 'tags' && input.suggestions ? (
    <SuggestedTagsInput {...props} lookup={input.suggestions} />
  ) : (
    <TagsField {...props} options={NO_SUGGESTIONS} />
  );
}

function SuggestedTagsInput({ lookup, ...props }: FieldInputProps & { lookup: LookupName }) {
  const { options } = useLookup(lookup);
  const labels = useMemo(() => options.map((option) => option.label), [options]);
  return <TagsField {...props} options={labels} />;
}

function TagsField({ form, field, label, disabled, options }: FieldInputProps & { options: string[] }) {
  const { t } = useTranslation();
  const { field: input } = useController({ name: field.name, control: form.control });
  const errorText = useFieldErrorText(form, field.name);
  return (
    <Autocomplete
      multiple
      freeSolo
      // A word typed but not yet confirmed with Enter is kept when the field loses focus.
      autoSelect
      options={options}
      filterSelectedOptions
      value={asTags(input.value)}
      onChange={(_event, tags) => input.onChange(tags.map((tag) => tag.trim()).filter((tag) => tag !== ''))}
      onBlur={input.onBlur}
      disabled={disabled}
      clearText={t('form.clear')}
      renderValue={renderTagChips}
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
