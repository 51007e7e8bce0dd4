import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { ReportId } from '@pult/contract';
import { useTranslation } from '../../i18n/use-translation';
import { LookupFilter } from './lookup-filter';
import { FILTERS, LOOKUP_FILTERS } from './report-filter-selects';

export interface ReportFiltersProps {
  report: ReportId;
  filters: Record<string, string>;
  onChange: (name: string, value: string) => void;
}

export function ReportFilters({ report, filters, onChange }: ReportFiltersProps) {
  const { t } = useTranslation();
  const lookupFilter = LOOKUP_FILTERS[report];
  return (
    <>
      {FILTERS[report].map((filter) => (
        <TextField
          key={filter.name}
          select
          size="small"
          label={t(filter.label)}
          value={filters[filter.name] ?? (filter.any ? '' : (filter.options[0]?.value ?? ''))}
          onChange={(event) => onChange(filter.name, event.target.value)}
          // "All" is a choice like the others, so its text shows instead of an empty field.
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          sx={{ minWidth: 180 }}
        >
          {filter.any && <MenuItem value="">{t('reports.filters.any')}</MenuItem>}
          {filter.options.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {t(option.label)}
            </MenuItem>
          ))}
        </TextField>
      ))}
      {lookupFilter && (
        <LookupFilter
          lookup={lookupFilter.lookup}
          label={lookupFilter.label}
          value={filters[lookupFilter.name] ?? ''}
          onChange={(value) => onChange(lookupFilter.name, value)}
        />
      )}
    </>
  );
}
