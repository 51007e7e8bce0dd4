import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  AUDIT_ACTIONS,
  CHANNEL_TYPES,
  EMAIL_STATUSES,
  LOCALES,
  QUEUE_CHANNELS,
  type ReportId,
  USERS_REPORT_SPLITS,
} from '@pult/contract';
import { useTranslation } from 'react-i18next';
import type { TextKey } from '../../forms/view-text';
import { CountryFilter } from './country-filter';
import { LookupFilter } from './lookup-filter';

export interface ReportFiltersProps {
  report: ReportId;
  filters: Record<string, string>;
  onChange: (name: string, value: string) => void;
}

export interface FilterSelect {
  name: string;
  label: TextKey;
  /** The values and their texts; '' is "any" unless the filter has a default. */
  options: readonly { value: string; label: TextKey }[];
  any: boolean;
}

/** Each report's own filters, as selects (the API validates the same values). */
export const FILTERS: Record<ReportId, readonly FilterSelect[]> = {
  users: [
    {
      name: 'split',
      label: 'reports.filters.split',
      options: USERS_REPORT_SPLITS.map((value) => ({
        value,
        label: `reports.filters.splits.${value}` as TextKey,
      })),
      any: false,
    },
    {
      name: 'language',
      label: 'reports.filters.language',
      options: LOCALES.map((value) => ({ value, label: `people.language.${value}` as TextKey })),
      any: true,
    },
  ],
  delivery: [
    {
      name: 'channel',
      label: 'reports.filters.channel',
      options: QUEUE_CHANNELS.map((value) => ({
        value,
        label: `notifications.queue.channel.${value}` as TextKey,
      })),
      any: true,
    },
    {
      name: 'status',
      label: 'reports.filters.status',
      options: EMAIL_STATUSES.map((value) => ({
        value,
        label: `notifications.queue.status.${value}` as TextKey,
      })),
      any: true,
    },
  ],
  administrators: [
    {
      name: 'action',
      label: 'reports.filters.action',
      options: AUDIT_ACTIONS.map((value) => ({ value, label: `audit.actions.${value}` as TextKey })),
      any: true,
    },
  ],
  storage: [],
  errors: [],
  chat: [
    {
      name: 'type',
      label: 'reports.chat.filters.type',
      options: CHANNEL_TYPES.map((value) => ({ value, label: `chat.type.${value}` as TextKey })),
      any: true,
    },
  ],
};

export function ReportFilters({ report, filters, onChange }: ReportFiltersProps) {
  const { t } = useTranslation();
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
      {report === 'users' && (
        <CountryFilter value={filters.country ?? ''} onChange={(value) => onChange('country', value)} />
      )}
      {report === 'storage' && (
        <LookupFilter
          lookup="storageBuckets"
          label="reports.storage.filters.bucket"
          value={filters.bucket ?? ''}
          onChange={(value) => onChange('bucket', value)}
        />
      )}
      {report === 'errors' && (
        <LookupFilter
          lookup="logServices"
          label="reports.errors.filters.service"
          value={filters.service ?? ''}
          onChange={(value) => onChange('service', value)}
        />
      )}
    </>
  );
}
