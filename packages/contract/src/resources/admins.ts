import { z } from 'zod';
import { textColumn } from './columns.js';
import type { FieldDescriptor, FormDescriptor, ResourceDescriptor } from './descriptor.js';
import {
  PASSWORDS_MISMATCH,
  passwordShape,
  passwordsMatch,
  personFields,
  personFormFields,
  personSchema,
  personWritableShape,
} from './people.js';

/** Administrators (`auth/admins`): people who sign in to the panel; they belong to groups. */
export const ADMIN_GROUP_PATTERN = /^[a-z0-9][a-z0-9_-]{0,49}$/;

export const adminSchema = personSchema.extend({ photo: z.string().nullable(), groups: z.array(z.string()) });
export type Admin = z.infer<typeof adminSchema>;

const groupsField = z
  .array(
    z
      .string({ error: 'invalidValue' })
      .trim()
      .toLowerCase()
      .regex(ADMIN_GROUP_PATTERN, { error: 'invalidValue' }),
    {
      error: 'invalidValue',
    },
  )
  .max(20, { error: 'tooLong' })
  .transform((groups) => [...new Set(groups)]);

const adminWritableShape = { ...personWritableShape, groups: groupsField };

export const adminUpdateSchema = z.strictObject(adminWritableShape);
export type AdminUpdate = z.infer<typeof adminUpdateSchema>;

export const adminCreateSchema = z
  .strictObject({ ...adminWritableShape, ...passwordShape })
  .refine(passwordsMatch, PASSWORDS_MISMATCH);
export type AdminCreate = z.infer<typeof adminCreateSchema>;

const groupsColumn: FieldDescriptor = {
  ...textColumn('groups', 'admins.fields.groups', false),
  display: { kind: 'tags' },
};

const people = personFields();
export const adminsResource: ResourceDescriptor = {
  name: 'admins',
  service: 'auth',
  path: '/admin/admins',
  // Groups go right after the names, where an administrator looks for them.
  fields: [...people.slice(0, 5), groupsColumn, ...people.slice(5)],
  defaultSort: '-created_at',
};

export const adminForm: FormDescriptor<typeof adminCreateSchema, typeof adminUpdateSchema> = {
  fields: [...personFormFields(), { name: 'groups', label: 'admins.fields.groups', input: { kind: 'tags' } }],
  createSchema: adminCreateSchema,
  updateSchema: adminUpdateSchema,
};
