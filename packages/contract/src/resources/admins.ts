import { z } from 'zod';
import type { FormDescriptor, ResourceDescriptor } from './descriptor.js';
import {
  PASSWORDS_MISMATCH,
  PERSON_BULK_ACTIONS,
  PERSON_CARD_FIELDS,
  passwordShape,
  passwordsMatch,
  personFields,
  personFormFields,
  personSchema,
  personWritableShape,
} from './people.js';

/** Administrators (`auth/admins`): people who sign in to the panel; they belong to groups. */
export const adminSchema = personSchema.extend({ photo: z.string().nullable() });
export type Admin = z.infer<typeof adminSchema>;

const adminWritableShape = personWritableShape;

export const adminUpdateSchema = z.strictObject(adminWritableShape);
export type AdminUpdate = z.infer<typeof adminUpdateSchema>;

export const adminCreateSchema = z
  .strictObject({ ...adminWritableShape, ...passwordShape })
  .refine(passwordsMatch, PASSWORDS_MISMATCH);
export type AdminCreate = z.infer<typeof adminCreateSchema>;

export const adminsResource: ResourceDescriptor = {
  name: 'admins',
  service: 'auth',
  path: '/admin/admins',
  fields: personFields(),
  defaultSort: '-created_at',
  bulkActions: PERSON_BULK_ACTIONS,
  cardFields: PERSON_CARD_FIELDS,
  importKey: ['email'],
  importInvites: true,
};

export const adminForm: FormDescriptor<typeof adminCreateSchema, typeof adminUpdateSchema> = {
  // An administrator's groups must exist: the input suggests them.
  fields: personFormFields().map((field) =>
    field.name === 'groups' ? { ...field, input: { kind: 'tags', suggestions: 'adminGroups' } } : field,
  ),
  createSchema: adminCreateSchema,
  updateSchema: adminUpdateSchema,
};
