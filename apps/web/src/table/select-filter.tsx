import MenuItem from '@mui/material/MenuItem';
import type { LookupName, SelectOption } from '@pult/contract';
import { useState } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { useLookup } from '../resources/use-lookup';
import { FilterTextField } from './filter-text-field';
import { useLabelText } from './use-label-text';

interface ChoiceProps {
  /** The column's translated label. */
  label: string;
  value: string;
  onChange: (value: string) => void;
  serverError?: string;
}

interface Choice {
  value: string;
  label: string;
}

function ChoiceSelect({
  label,
  value,
  onChange,
  serverError,
  choices,
  loading,
  onOpen,
}: ChoiceProps & { choices: Choice[]; loading?: boolean; onOpen?: () => void }) {
  const { t } = useTranslation();
  // A value from the URL whose option has not arrived yet still needs an item, or MUI warns and
  // shows nothing.
  const known = value === '' || choices.some((choice) => choice.value === value);
  return (
    <FilterTextField
      select
      label={t('table.filterBy', { label })}
      value={value}
      onChange={onChange}
      error={serverError}
      minWidth={130}
      selectProps={{
        onOpen,
        displayEmpty: true,
        SelectDisplayProps: { 'aria-label': t('table.filterBy', { label }) },
        MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } },
      }}
    >
      <MenuItem value="">
        <em>{t('table.all')}</em>
      </MenuItem>
      {choices.map((choice) => (
        <MenuItem key={choice.value} value={choice.value}>
          {choice.label}
        </MenuItem>
      ))}
      {!known && (
        <MenuItem value={value} sx={{ display: 'none' }}>
          {loading ? t('app.loading') : value}
        </MenuItem>
      )}
      {loading && (
        <MenuItem disabled value="__loading">
          {t('app.loading')}
        </MenuItem>
      )}
    </FilterTextField>
  );
}

/** A select filter over the descriptor's fixed options, with translated labels and "All". */
export function OptionsFilter({ options, ...props }: ChoiceProps & { options: readonly SelectOption[] }) {
  const labelText = useLabelText();
  const choices = options.map((option) => ({ value: String(option.value), label: labelText(option.label) }));
  return <ChoiceSelect {...props} choices={choices} />;
}

/**
 * A select filter over another resource's records. They are fetched when the menu first opens, or at
 * once when the URL already holds a value whose name must be shown.
 */
export function LookupFilter({
  lookup,
  params,
  ...props
}: ChoiceProps & { lookup: LookupName; params: Record<string, string> }) {
  const [opened, setOpened] = useState(false);
  const { options, loading } = useLookup(lookup, params, opened || props.value !== '');
  const choices = options.map((option) => ({ value: String(option.value), label: option.label }));
  return <ChoiceSelect {...props} choices={choices} loading={loading} onOpen={() => setOpened(true)} />;
}
