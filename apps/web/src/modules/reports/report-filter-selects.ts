import {
  AUDIT_ACTIONS,
  CHANNEL_TYPES,
  EMAIL_STATUSES,
  LOCALES,
  type LookupName,
  QUEUE_CHANNELS,
  type ReportId,
  USERS_REPORT_SPLITS,
} from '@pult/contract';
import type { TextKey } from '../../forms/view-text';

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

/** A report's filter by one record of a lookup (at most one per report), by the record's name. */
export interface LookupFilterSpec {
  name: string;
  lookup: LookupName;
  label: TextKey;
}

export const LOOKUP_FILTERS: Partial<Record<ReportId, LookupFilterSpec>> = {
  users: { name: 'country', lookup: 'countries', label: 'reports.filters.country' },
  storage: { name: 'bucket', lookup: 'storageBuckets', label: 'reports.storage.filters.bucket' },
  errors: { name: 'service', lookup: 'logServices', label: 'reports.errors.filters.service' },
};
