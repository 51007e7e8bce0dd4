import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { LookupName } from '@pult/contract';
import type { TextKey } from '../../forms/view-text';
import { useTranslation } from '../../i18n/use-translation';
import { useLookup } from '../../resources/use-lookup';
import { lookupOptions } from './report-params';

export interface LookupFilterProps {
  lookup: LookupName;
  label: TextKey;
  value: string;
  onChange: (value: string) => void;
}

/**
 * A report filter by one record of a lookup (the Storage report's bucket, the Errors report's service),
 * the options the lists' own filters use; an id no longer listed still shows, as `#id`.
 */
export function LookupFilter({ lookup, label, value, onChange }: LookupFilterProps) {
  const { t } = useTranslation();
  const { options } = useLookup(lookup);
  const shown = lookupOptions(value, options);
  return (
    <TextField
      select
      size="small"
      label={t(label)}
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
