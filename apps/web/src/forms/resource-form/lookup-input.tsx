import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { LookupName } from '@pult/contract';
import { useMemo } from 'react';
import { useController, useWatch } from 'react-hook-form';
import { useTranslation } from '../../i18n/use-translation';
import { useLookup } from '../../resources/use-lookup';
import type { FieldInputProps } from './field-input-props';
import { useFieldErrorText } from './use-field-error-text';

interface LookupInputProps extends FieldInputProps {
  lookup: LookupName;
  /** Set when the options are those of another field's choice (cities of the chosen country). */
  dependsOn?: { field: string; param: string; label: string };
}

function hasValue(value: unknown): value is string | number {
  return (typeof value === 'string' && value !== '') || typeof value === 'number';
}

/** A choice among another resource's records, searchable by name; its value is the record's id. */
export function LookupInput({ form, field, label, disabled, lookup, dependsOn }: LookupInputProps) {
  const { t } = useTranslation();
  const { field: input } = useController({ name: field.name, control: form.control });
  const errorText = useFieldErrorText(form, field.name);
  // A hook cannot be called conditionally, so without a parent it watches its own field, unused.
  const parent: unknown = useWatch({ control: form.control, name: dependsOn?.field ?? field.name });
  const parentChosen = !dependsOn || hasValue(parent);
  const params = useMemo(
    (): Record<string, string> =>
      dependsOn && hasValue(parent) ? { [dependsOn.param]: String(parent) } : {},
    [dependsOn, parent],
  );
  const { options, loading } = useLookup(lookup, params, parentChosen);
  const selected = options.find((option) => option.value === input.value) ?? null;
  const hint =
    dependsOn && !parentChosen ? t('form.chooseParentFirst', { parent: dependsOn.label }) : undefined;

  return (
    <Autocomplete
      options={options}
      value={selected}
      onChange={(_event, option) => input.onChange(option ? option.value : '')}
      onBlur={input.onBlur}
      isOptionEqualToValue={(option, value) => option.value === value.value}
      getOptionLabel={(option) => option.label}
      loading={loading}
      disabled={disabled || !parentChosen}
      noOptionsText={t('form.noOptions')}
      loadingText={t('app.loading')}
      openText={t('form.openOptions')}
      closeText={t('form.closeOptions')}
      clearText={t('form.clear')}
      renderInput={(params) => (
        <TextField
          {...params}
          name={input.name}
          inputRef={input.ref}
          label={label}
          required={field.required}
          error={errorText !== undefined}
          helperText={errorText ?? hint}
        />
      )}
    />
  );
}
