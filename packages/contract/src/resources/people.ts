import { z } from 'zod';
import { newPasswordField } from '../auth.js';
import { LOCALES } from '../locales.js';
import type { BulkActionDescriptor } from './bulk.js';
import {
  createdAtColumn,
  dateColumn,
  idColumn,
  optionColumn,
  referenceColumn,
  textColumn,
  updatedAtColumn,
} from './columns.js';
import type { FieldDescriptor, FormFieldDescriptor, LookupDependency, SelectOption } from './descriptor.js';
import { emailText, nullableDate, nullableId, nullableText, oneOf, requiredText } from './fields.js';

/**
 * What platform users and administrators share (spec §3 "User/admin"): the record, its form and
 * its list columns. `users.ts` and `admins.ts` add their own parts.
 */
export const USER_STATUSES = [0, 1, 2, 3, 4, 10] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
export const STATUS = { notActivated: 0, active: 1, locked: 2, banned: 3, disabled: 4, deleted: 10 } as const;

export const PERSON_GENDERS = ['male', 'female', 'other'] as const;

export const STATUS_OPTIONS: readonly SelectOption[] = USER_STATUSES.map((value) => ({
  value,
  label: `people.status.${value}`,
}));
export const GENDER_OPTIONS: readonly SelectOption[] = PERSON_GENDERS.map((value) => ({
  value,
  label: `people.gender.${value}`,
}));
export const LANGUAGE_OPTIONS: readonly SelectOption[] = LOCALES.map((value) => ({
  value,
  label: `people.language.${value}`,
}));

/**
 * A person's groups: administrators' groups in the panel, platform users' groups for what the
 * platform's services allow them (storage buckets name the groups that may upload).
 */
export const GROUP_PATTERN = /^[a-z0-9][a-z0-9_-]{0,49}$/;

const groupsField = z
  .array(
    z.string({ error: 'invalidValue' }).trim().toLowerCase().regex(GROUP_PATTERN, { error: 'invalidValue' }),
    {
      error: 'invalidValue',
    },
  )
  .max(20, { error: 'tooLong' })
  .transform((groups) => [...new Set(groups)])
  // Optional: a record created without groups has none, an update without them keeps them.
  .optional();

export const personSchema = z.object({
  id: z.number().int(),
  uid: z.string(),
  email: z.string(),
  username: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string().nullable(),
  country_id: z.number().int().nullable(),
  country_name: z.string().nullable(),
  city_id: z.number().int().nullable(),
  city_name: z.string().nullable(),
  gender: z.enum(PERSON_GENDERS).nullable(),
  birthday: z.string().nullable(),
  about_me: z.string().nullable(),
  language: z.string(),
  status: z.number().int(),
  groups: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});

/** Writable fields of a person; bodies are strict, so anything else is `unknownField`. */
export const personWritableShape = {
  email: emailText,
  username: nullableText(100),
  first_name: requiredText(100),
  last_name: requiredText(100),
  phone: nullableText(32),
  country_id: nullableId,
  city_id: nullableId,
  gender: z
    .union([z.literal(''), oneOf(PERSON_GENDERS)], { error: 'invalidOption' })
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional(),
  birthday: nullableDate,
  about_me: nullableText(2000),
  language: oneOf(LOCALES),
  status: oneOf(USER_STATUSES),
  groups: groupsField,
};

export const passwordShape = {
  password: newPasswordField,
  password_repeat: z.string({ error: 'required' }).min(1, { error: 'required' }),
};

export function passwordsMatch(body: { password: string; password_repeat: string }): boolean {
  return body.password === body.password_repeat;
}
export const PASSWORDS_MISMATCH = { error: 'passwordsMismatch', path: ['password_repeat'] };

/** A person's city is one of their country's: the list filter and the form narrow it alike. */
const CITY_BY_COUNTRY: LookupDependency = { field: 'country_id', param: 'country_id' };

/**
 * Bulk actions of users and administrators: delete (status 10) and change status, each row under the
 * rules of the single-record action (an administrator's own account is skipped).
 */
export const PERSON_BULK_ACTIONS: readonly BulkActionDescriptor[] = [
  {
    name: 'setStatus',
    label: 'tableTools.bulk.actions.setStatus',
    kind: 'set',
    field: 'status',
    options: STATUS_OPTIONS.filter((option) => option.value !== STATUS.deleted),
  },
  { name: 'delete', label: 'tableTools.bulk.actions.delete', kind: 'delete' },
];

/** List columns of a person, in the order the table shows them. */
export const personFields = (): FieldDescriptor[] => [
  idColumn(),
  textColumn('email', 'people.fields.email'),
  textColumn('username', 'people.fields.username'),
  textColumn('first_name', 'people.fields.first_name'),
  textColumn('last_name', 'people.fields.last_name'),
  // Groups go right after the names, where an administrator looks for them.
  { ...textColumn('groups', 'people.fields.groups', false), display: { kind: 'tags' } },
  textColumn('phone', 'people.fields.phone', false),
  referenceColumn('country_id', 'people.fields.country', 'countries', 'country_name'),
  referenceColumn('city_id', 'people.fields.city', 'cities', 'city_name', CITY_BY_COUNTRY),
  optionColumn('gender', 'people.fields.gender', GENDER_OPTIONS, false),
  dateColumn('birthday', 'people.fields.birthday', 'date'),
  optionColumn('language', 'people.fields.language', LANGUAGE_OPTIONS, false),
  optionColumn('status', 'people.fields.status', STATUS_OPTIONS, true),
  { name: 'about_me', label: 'people.fields.about_me', sortable: false, display: { kind: 'text' } },
  { name: 'uid', label: 'people.fields.uid', sortable: false, display: { kind: 'text' } },
  createdAtColumn(),
  updatedAtColumn(),
];

/** What identifies a person at a glance on a phone: who, how to reach them, and whether they may sign in. */
export const PERSON_CARD_FIELDS = ['email', 'first_name', 'last_name', 'status'] as const;

/** Form fields of a person, in the order the form shows them. */
export const personFormFields = (): FormFieldDescriptor[] => [
  { name: 'email', label: 'people.fields.email', input: { kind: 'email' }, required: true },
  {
    name: 'password',
    label: 'people.fields.password',
    input: { kind: 'password' },
    createOnly: true,
    required: true,
  },
  {
    name: 'password_repeat',
    label: 'people.fields.password_repeat',
    input: { kind: 'password' },
    createOnly: true,
    required: true,
  },
  { name: 'first_name', label: 'people.fields.first_name', input: { kind: 'text' }, required: true },
  { name: 'last_name', label: 'people.fields.last_name', input: { kind: 'text' }, required: true },
  { name: 'username', label: 'people.fields.username', input: { kind: 'text' } },
  { name: 'phone', label: 'people.fields.phone', input: { kind: 'text' } },
  { name: 'country_id', label: 'people.fields.country', input: { kind: 'lookup', lookup: 'countries' } },
  {
    name: 'city_id',
    label: 'people.fields.city',
    input: { kind: 'lookup', lookup: 'cities', dependsOn: CITY_BY_COUNTRY },
  },
  { name: 'gender', label: 'people.fields.gender', input: { kind: 'select', options: GENDER_OPTIONS } },
  { name: 'birthday', label: 'people.fields.birthday', input: { kind: 'date' } },
  {
    name: 'language',
    label: 'people.fields.language',
    input: { kind: 'select', options: LANGUAGE_OPTIONS },
    required: true,
  },
  {
    name: 'status',
    label: 'people.fields.status',
    input: { kind: 'select', options: STATUS_OPTIONS },
    required: true,
  },
  { name: 'groups', label: 'people.fields.groups', input: { kind: 'tags' } },
  { name: 'about_me', label: 'people.fields.about_me', input: { kind: 'textarea' } },
];
