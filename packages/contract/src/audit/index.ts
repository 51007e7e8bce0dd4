import { z } from 'zod';
import { createdAtColumn, idColumn, optionColumn, textColumn } from '../resources/columns.js';
import type { ResourceDescriptor, SelectOption } from '../resources/descriptor.js';

/**
 * The audit log (`auth/audit`): every change an administrator makes, append-only.
 * `action` is a generic kind; what a module-specific action did is in `detail.name`
 * ("retry", "resolve", "regenerate-api-keys").
 */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'bulk',
  'action',
  'signin',
  'signout',
  'signin_failed',
  'password_change',
  /** A request access control refused (rate-limited per administrator). */
  'denied',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTION_OPTIONS: readonly SelectOption[] = AUDIT_ACTIONS.map((value) => ({
  value,
  label: `audit.actions.${value}`,
}));

/** What a JSON column of the log may hold: a field's value before or after the change. */
const jsonValue: z.ZodType<unknown> = z.unknown();

/**
 * One changed field. A secret (a password, a key) is recorded only as "changed": `secret` is true
 * and both values are null.
 */
export const auditChangeSchema = z.object({
  field: z.string(),
  before: jsonValue,
  after: jsonValue,
  secret: z.boolean(),
});
export type AuditChange = z.infer<typeof auditChangeSchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  admin_id: z.number().int().nullable(),
  /** The administrator's e-mail when the entry was written (or the e-mail a failed sign-in tried). */
  admin_email: z.string().nullable(),
  /**
   * The administrator's name as it is now (first and last name, else the e-mail), as live changes name
   * them; null when nobody is named or the administrator has been removed.
   */
  admin_name: z.string().nullable(),
  action: z.enum(AUDIT_ACTIONS),
  /** The resource's descriptor name (`users`, `email-queue`), or null for sign-in and sign-out. */
  resource: z.string().nullable(),
  record_id: z.string().nullable(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditEntryDetailSchema = auditEntrySchema.extend({
  changes: z.array(auditChangeSchema),
  /** What else the action recorded: a module action's name, a bulk action's counts. */
  detail: z.record(z.string(), jsonValue).nullable(),
});
export type AuditEntryDetail = z.infer<typeof auditEntryDetailSchema>;

/**
 * Filters by `resource` and `record_id` are exact (a record's history must not include record 15
 * when asked for 5); `admin_email` is "contains" like every text filter.
 */
export const auditResource: ResourceDescriptor = {
  name: 'audit',
  service: 'auth',
  path: '/admin/audit',
  fields: [
    idColumn(),
    createdAtColumn(),
    textColumn('admin_email', 'audit.fields.admin_email'),
    optionColumn('action', 'audit.fields.action', AUDIT_ACTION_OPTIONS, true),
    textColumn('resource', 'audit.fields.resource'),
    textColumn('record_id', 'audit.fields.record_id', false),
    textColumn('ip', 'audit.fields.ip', false),
  ],
  defaultSort: '-id',
};
