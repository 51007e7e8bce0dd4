import { z } from 'zod';
import {
  createdAtColumn,
  dateColumn,
  idColumn,
  optionColumn,
  referenceColumn,
  textColumn,
} from '../resources/columns.js';
import type { FieldDescriptor, ResourceDescriptor, SelectOption } from '../resources/descriptor.js';
import { nullableText, oneOf, requiredText } from '../resources/fields.js';
import { jsonContextSchema } from './json-context.js';

/** User logs and errors (`storage/logs`, `storage/errors`, spec §3) and the error groups of triage. */
export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'fatal'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export const MAX_LOG_BATCH = 1_000;
export const MAX_LOG_MESSAGE_LENGTH = 10_000;
export const MAX_TRACE_LENGTH = 100_000;
/** A client's `created_at` may run ahead of the server's clock by this much, no more. */
export const MAX_CLOCK_SKEW_SECONDS = 3_600;
export const LOG_NAME_PATTERN = /^[A-Za-z0-9._-]{1,100}$/;

const nameField = requiredText(100).regex(LOG_NAME_PATTERN, { error: 'nameInvalid' });

/** One entry of `POST /logs` or `POST /errors`; a batch is an array of them. */
export const logEntrySchema = z.strictObject({
  message: requiredText(MAX_LOG_MESSAGE_LENGTH),
  level: oneOf(LOG_LEVELS),
  service: nameField,
  environment: nameField.optional().default('production'),
  trace_log: nullableText(MAX_TRACE_LENGTH),
  context: jsonContextSchema.optional(),
  /** The client's time of the event; the server records its own receive time as well. */
  created_at: z.iso.datetime({ offset: true, error: 'invalidDateTime' }).optional(),
});
export type LogEntry = z.infer<typeof logEntrySchema>;
export type LogEntryInput = z.input<typeof logEntrySchema>;

export const ingestResponseSchema = z.object({ accepted: z.number().int() });

/** A row of the logs or errors list: the message is cut to its start, trace and context are left out. */
export const logItemSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  received_at: z.string(),
  level: z.enum(LOG_LEVELS),
  service_id: z.number().int(),
  service: z.string(),
  environment_id: z.number().int(),
  environment: z.string(),
  message: z.string(),
});
export type LogItem = z.infer<typeof logItemSchema>;

/** One record in full, for the record view. */
export const logRecordSchema = logItemSchema.extend({
  trace_log: z.string().nullable(),
  context: z.unknown(),
});
export type LogRecord = z.infer<typeof logRecordSchema>;

export const errorItemSchema = logItemSchema.extend({ group_id: z.number().int() });
export type ErrorItem = z.infer<typeof errorItemSchema>;
export const errorRecordSchema = logRecordSchema.extend({ group_id: z.number().int() });
export type ErrorRecord = z.infer<typeof errorRecordSchema>;

export const ERROR_GROUP_STATUSES = ['open', 'resolved'] as const;
export type ErrorGroupStatus = (typeof ERROR_GROUP_STATUSES)[number];

/** Identical errors (service + normalised message + top stack frame), counted and triaged together. */
export const errorGroupSchema = z.object({
  id: z.number().int(),
  status: z.enum(ERROR_GROUP_STATUSES),
  service_id: z.number().int(),
  service: z.string(),
  level: z.enum(LOG_LEVELS),
  message: z.string(),
  top_frame: z.string().nullable(),
  /** Occurrences stored now (deleting or pruning errors lowers it). */
  count: z.number().int(),
  first_seen: z.string(),
  last_seen: z.string(),
  resolved_at: z.string().nullable(),
});
export type ErrorGroup = z.infer<typeof errorGroupSchema>;

export const LEVEL_OPTIONS: readonly SelectOption[] = LOG_LEVELS.map((value) => ({
  value,
  label: `storage.levels.${value}`,
}));
export const GROUP_STATUS_OPTIONS: readonly SelectOption[] = ERROR_GROUP_STATUSES.map((value) => ({
  value,
  label: `storage.groupStatus.${value}`,
}));

const logFields = (): FieldDescriptor[] => [
  createdAtColumn(),
  optionColumn('level', 'storage.fields.level', LEVEL_OPTIONS, false),
  referenceColumn('service_id', 'storage.fields.service', 'logServices', 'service'),
  referenceColumn('environment_id', 'storage.fields.environment', 'logEnvironments', 'environment'),
  textColumn('message', 'storage.fields.message', false),
  idColumn(),
];

export const logsResource: ResourceDescriptor = {
  name: 'storageLogs',
  service: 'storage',
  path: '/admin/logs',
  fields: logFields(),
  defaultSort: '-created_at',
};

export const errorsResource: ResourceDescriptor = {
  name: 'storageErrors',
  service: 'storage',
  path: '/admin/errors',
  fields: [
    ...logFields(),
    {
      name: 'group_id',
      label: 'storage.fields.group_id',
      sortable: false,
      filter: { type: 'number' },
      display: { kind: 'text' },
    },
  ],
  defaultSort: '-created_at',
};

export const errorGroupsResource: ResourceDescriptor = {
  name: 'storageErrorGroups',
  service: 'storage',
  path: '/admin/error-groups',
  fields: [
    optionColumn('status', 'storage.fields.status', GROUP_STATUS_OPTIONS, false),
    optionColumn('level', 'storage.fields.level', LEVEL_OPTIONS, false),
    referenceColumn('service_id', 'storage.fields.service', 'logServices', 'service'),
    textColumn('message', 'storage.fields.message', false),
    { name: 'count', label: 'storage.fields.count', sortable: true, display: { kind: 'text' } },
    dateColumn('last_seen', 'storage.fields.last_seen', 'datetime'),
    dateColumn('first_seen', 'storage.fields.first_seen', 'datetime'),
    idColumn(),
  ],
  defaultSort: '-last_seen',
  bulkActions: [
    { name: 'resolve', label: 'tableTools.bulk.actions.resolve', kind: 'action' },
    { name: 'reopen', label: 'tableTools.bulk.actions.reopen', kind: 'action' },
  ],
};

/** The day range of "delete errors" (spec §5: at least one date, from or to). Days are UTC. */
export const errorsRangeSchema = z
  .strictObject({
    from: z.iso.date({ error: 'invalidDate' }).optional(),
    to: z.iso.date({ error: 'invalidDate' }).optional(),
  })
  .superRefine((range, ctx) => {
    if (range.from === undefined && range.to === undefined) {
      ctx.addIssue({ code: 'custom', message: 'dateRangeRequired', path: ['from'] });
    } else if (range.from !== undefined && range.to !== undefined && range.from > range.to) {
      ctx.addIssue({ code: 'custom', message: 'dateRangeOrder', path: ['to'] });
    }
  });
export type ErrorsRange = z.infer<typeof errorsRangeSchema>;

export const rangeCountResponseSchema = z.object({ count: z.number().int() });
export const rangeDeleteResponseSchema = z.object({ deleted: z.number().int(), message: z.string() });

/** Retention of logs and errors, in days (pruned hourly). */
export const RETENTION_DAYS = { min: 1, max: 3_650 } as const;
const retentionField = z
  .number({ error: 'retentionRange' })
  .int({ error: 'retentionRange' })
  .min(RETENTION_DAYS.min, { error: 'retentionRange' })
  .max(RETENTION_DAYS.max, { error: 'retentionRange' });

export const storageSettingsSchema = z.object({
  log_retention_days: z.number().int(),
  error_retention_days: z.number().int(),
});
export type StorageSettings = z.infer<typeof storageSettingsSchema>;
export const storageSettingsUpdateSchema = z.strictObject({
  log_retention_days: retentionField,
  error_retention_days: retentionField,
});
export const DEFAULT_STORAGE_SETTINGS: StorageSettings = { log_retention_days: 30, error_retention_days: 90 };
