import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useLookup } from '../../resources/use-lookup';
import { countryOptions } from './report-params';

export interface CountryFilterProps {
  value: string;
  onChange: (value: string) => void;
}

/** The Users report's country filter: the countries lookup the users' forms use, in the panel's language. */
export function CountryFilter({ value, onChange }: CountryFilterProps) {
  const { t } = useTranslation();
  const { options } = useLookup('countries');
  const shown = countryOptions(value, options);
  return (
    <TextField
      select
      size="small"
      label={t('reports.filters.country')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
      sx={{ minWidth: 180 }}
    >
      <MenuItem value="">{t('reports.filters.any')}</MenuItem>
      {shown.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
