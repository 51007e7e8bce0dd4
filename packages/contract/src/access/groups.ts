import { z } from 'zod';
import { createdAtColumn, idColumn, textColumn, updatedAtColumn } from '../resources/columns.js';
import type { FormDescriptor, ResourceDescriptor } from '../resources/descriptor.js';
import { ADMIN_GROUP_PATTERN, GRANT_LIMITS, grantsSchema, grantViewSchema } from './grants.js';

/** Administrators' groups (`auth/groups`): each holds the grants its members have. */
export const groupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  grants: z.array(grantViewSchema),
  grant_count: z.number().int(),
  member_count: z.number().int(),
  /** The built-in `superadmin`: it cannot be renamed, reduced or deleted. */
  builtin: z.boolean(),
  /** Members need a second factor: without one they may only set it up. */
  mfa_required: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Group = z.infer<typeof groupSchema>;

export const groupNameSchema = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required' })
  .regex(ADMIN_GROUP_PATTERN, { error: 'groupNameInvalid' });

export const groupWriteSchema = z.strictObject({
  name: groupNameSchema,
  description: z
    .string({ error: 'invalidType' })
    .trim()
    .max(GRANT_LIMITS.descriptionLength, { error: 'tooLong' })
    .refine((value) => !value.includes('\u0000'), { error: 'invalidValue' })
    .optional(),
  grants: grantsSchema,
  mfa_required: z.boolean({ error: 'invalidBoolean' }).optional(),
});
export type GroupWrite = z.infer<typeof groupWriteSchema>;

export const groupsResource: ResourceDescriptor = {
  name: 'groups',
  service: 'auth',
  path: '/admin/groups',
  fields: [
    idColumn(),
    textColumn('name', 'groups.fields.name'),
    textColumn('description', 'groups.fields.description', false),
    { name: 'grant_count', label: 'groups.fields.grant_count', sortable: false, display: { kind: 'text' } },
    { name: 'member_count', label: 'groups.fields.member_count', sortable: false, display: { kind: 'text' } },
    {
      name: 'mfa_required',
      label: 'groups.fields.mfa_required',
      sortable: false,
      display: { kind: 'boolean' },
    },
    createdAtColumn(),
    updatedAtColumn(),
  ],
  defaultSort: 'name',
  cardFields: ['name', 'description', 'member_count'],
};

/** The form's plain fields; the grants have an editor of their own. */
export const groupForm: FormDescriptor<typeof groupWriteSchema, typeof groupWriteSchema> = {
  fields: [
    {
      name: 'name',
      label: 'groups.fields.name',
      input: { kind: 'text' },
      required: true,
      hint: 'groups.hints.name',
    },
    { name: 'description', label: 'groups.fields.description', input: { kind: 'textarea' } },
    {
      name: 'mfa_required',
      label: 'groups.fields.mfa_required',
      input: { kind: 'switch' },
      hint: 'groups.hints.mfa_required',
    },
  ],
  createSchema: groupWriteSchema,
  updateSchema: groupWriteSchema,
};

/** `GET /auth/admin/groups/{id}/members`: the administrators in a group. */
export const groupMemberSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  status: z.number().int(),
});
export type GroupMember = z.infer<typeof groupMemberSchema>;
export const groupMembersSchema = z.object({ items: z.array(groupMemberSchema) });
