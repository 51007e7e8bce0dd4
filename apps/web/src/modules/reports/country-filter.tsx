import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useLookup } from '../../resources/use-lookup';

export interface CountryFilterProps {
  value: string;
  onChange: (value: string) => void;
}

/** The Users report's country filter: the countries lookup the users' forms use, in the panel's language. */
export function CountryFilter({ value, onChange }: CountryFilterProps) {
  const { t } = useTranslation();
  const { options } = useLookup('countries');
  // Until the names arrive a chosen id has no option: shown as "all" rather than as a bare number.
  const known = options.some((option) => String(option.value) === value);
  return (
    <TextField
      select
      size="small"
      label={t('reports.filters.country')}
      value={known ? value : ''}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
      sx={{ minWidth: 180 }}
    >
      <MenuItem value="">{t('reports.filters.any')}</MenuItem>
      {options.map((option) => (
        <MenuItem key={String(option.value)} value={String(option.value)}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
