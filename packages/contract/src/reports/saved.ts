import { z } from 'zod';
import { groupNameSchema } from '../access/groups.js';
import {
  createdAtColumn,
  idColumn,
  optionColumn,
  textColumn,
  updatedAtColumn,
} from '../resources/columns.js';
import type { ResourceDescriptor } from '../resources/descriptor.js';
import { requiredText } from '../resources/fields.js';
import { REPORT_IDS } from './result.js';

const HIDDEN_CHARACTERS = /[\p{Cc}\p{Cf}]/u;

/** A saved report's name is unique among its owner's (case aside). */
export const SAVED_REPORT_NAME_MAX = 100;
/** Groups one saved report is shared with: a handful in practice; bounded so a body stays small. */
export const SAVED_REPORT_SHARES_MAX = 50;

/**
 * A saved report (`auth/saved-reports`): a report's URL parameters under a name. `query` holds the
 * period (a preset or dates), grouping and the report's filters, checked against that report's own
 * query schema when written; the time zone is not stored: whoever opens it sees it in their own
 * (a schedule will carry its zone). `mine`: the reader owns it.
 */
export const savedReportSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  report: z.enum(REPORT_IDS),
  query: z.record(z.string(), z.string()),
  owner_id: z.number().int(),
  owner_name: z.string(),
  shared_with: z.array(z.string()),
  mine: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SavedReport = z.infer<typeof savedReportSchema>;

export const savedReportWriteSchema = z.strictObject({
  // Shown in colleagues' lists: no control or invisible formatting characters, so two names that
  // look alike are alike.
  name: requiredText(SAVED_REPORT_NAME_MAX).refine((value) => !HIDDEN_CHARACTERS.test(value), {
    error: 'invalidValue',
  }),
  report: z.enum(REPORT_IDS, { error: 'invalidValue' }),
  query: z.record(
    z.string(),
    z
      .string({ error: 'invalidType' })
      .refine((value) => !value.includes('\u0000'), { error: 'invalidValue' }),
    { error: 'invalidType' },
  ),
  shared_with: z
    .array(groupNameSchema, { error: 'invalidType' })
    .max(SAVED_REPORT_SHARES_MAX, { error: 'tooLong' })
    .refine((names) => new Set(names).size === names.length, { error: 'savedReportGroupTwice' })
    .default([]),
});
export type SavedReportWrite = z.input<typeof savedReportWriteSchema>;

const REPORT_OPTIONS = REPORT_IDS.map((id) => ({ value: id, label: `reports.${id}.title` }));

export const savedReportsResource: ResourceDescriptor = {
  name: 'saved-reports',
  service: 'auth',
  path: '/admin/saved-reports',
  fields: [
    idColumn(),
    textColumn('name', 'reports.saved.fields.name'),
    optionColumn('report', 'reports.saved.fields.report', REPORT_OPTIONS, true),
    {
      name: 'owner_id',
      label: 'reports.saved.fields.owner',
      sortable: false,
      filter: { type: 'number' },
      display: { kind: 'text' },
    },
    {
      name: 'shared_with',
      label: 'reports.saved.fields.shared_with',
      sortable: false,
      display: { kind: 'tags' },
    },
    createdAtColumn(),
    updatedAtColumn(),
  ],
  defaultSort: 'name',
};
