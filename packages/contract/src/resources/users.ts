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

/** Platform users (`auth/users`): the people who use the platform, not the panel. */
export const userSchema = personSchema;
export type User = z.infer<typeof userSchema>;

export const userUpdateSchema = z.strictObject(personWritableShape);
export type UserUpdate = z.infer<typeof userUpdateSchema>;

export const userCreateSchema = z
  .strictObject({ ...personWritableShape, ...passwordShape })
  .refine(passwordsMatch, PASSWORDS_MISMATCH);
export type UserCreate = z.infer<typeof userCreateSchema>;

export const usersResource: ResourceDescriptor = {
  name: 'users',
  service: 'auth',
  path: '/admin/users',
  fields: personFields(),
  defaultSort: '-created_at',
  bulkActions: PERSON_BULK_ACTIONS,
  cardFields: PERSON_CARD_FIELDS,
  importKey: ['email'],
};

export const userForm: FormDescriptor<typeof userCreateSchema, typeof userUpdateSchema> = {
  fields: personFormFields(),
  createSchema: userCreateSchema,
  updateSchema: userUpdateSchema,
};
