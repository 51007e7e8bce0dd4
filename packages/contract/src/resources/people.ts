import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../constants.js';
import { LOCALES } from '../locales.js';
import type { FieldDescriptor, FormFieldDescriptor, SelectOption } from './descriptor.js';
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
};

const newPassword = z
  .string({ error: 'required' })
  .min(1, { error: 'required' })
  .min(PASSWORD_MIN_LENGTH, { error: 'passwordMinLength' })
  .max(1024, { error: 'tooLong' });

export const passwordShape = {
  password: newPassword,
  password_repeat: z.string({ error: 'required' }).min(1, { error: 'required' }),
};

export function passwordsMatch(body: { password: string; password_repeat: string }): boolean {
  return body.password === body.password_repeat;
}
export const PASSWORDS_MISMATCH = { error: 'passwordsMismatch', path: ['password_repeat'] };

/** List columns of a person, in the order the table shows them. */
export const personFields = (prefix: string): FieldDescriptor[] => [
  {
    name: 'id',
    label: 'common.fields.id',
    sortable: true,
    filter: { type: 'number' },
    display: { kind: 'text' },
  },
  {
    name: 'email',
    label: `${prefix}.email`,
    sortable: true,
    filter: { type: 'text' },
    display: { kind: 'text' },
  },
  {
    name: 'username',
    label: `${prefix}.username`,
    sortable: true,
    filter: { type: 'text' },
    display: { kind: 'text' },
  },
  {
    name: 'first_name',
    label: `${prefix}.first_name`,
    sortable: true,
    filter: { type: 'text' },
    display: { kind: 'text' },
  },
  {
    name: 'last_name',
    label: `${prefix}.last_name`,
    sortable: true,
    filter: { type: 'text' },
    display: { kind: 'text' },
  },
  {
    name: 'phone',
    label: `${prefix}.phone`,
    sortable: false,
    filter: { type: 'text' },
    display: { kind: 'text' },
  },
  {
    name: 'country_id',
    label: `${prefix}.country`,
    sortable: false,
    filter: { type: 'select', lookup: 'countries' },
    display: { kind: 'reference', field: 'country_name' },
  },
  {
    name: 'city_id',
    label: `${prefix}.city`,
    sortable: false,
    filter: { type: 'select', lookup: 'cities' },
    display: { kind: 'reference', field: 'city_name' },
  },
  {
    name: 'gender',
    label: `${prefix}.gender`,
    sortable: false,
    filter: { type: 'select', options: GENDER_OPTIONS },
    display: { kind: 'option', options: GENDER_OPTIONS },
  },
  {
    name: 'birthday',
    label: `${prefix}.birthday`,
    sortable: true,
    filter: { type: 'date' },
    display: { kind: 'date' },
  },
  {
    name: 'language',
    label: `${prefix}.language`,
    sortable: false,
    filter: { type: 'select', options: LANGUAGE_OPTIONS },
    display: { kind: 'option', options: LANGUAGE_OPTIONS },
  },
  {
    name: 'status',
    label: `${prefix}.status`,
    sortable: true,
    filter: { type: 'select', options: STATUS_OPTIONS },
    display: { kind: 'option', options: STATUS_OPTIONS },
  },
  { name: 'about_me', label: `${prefix}.about_me`, sortable: false, display: { kind: 'text' } },
  { name: 'uid', label: `${prefix}.uid`, sortable: false, display: { kind: 'text' } },
  {
    name: 'created_at',
    label: 'common.fields.created_at',
    sortable: true,
    filter: { type: 'date' },
    display: { kind: 'datetime' },
  },
  {
    name: 'updated_at',
    label: 'common.fields.updated_at',
    sortable: true,
    filter: { type: 'date' },
    display: { kind: 'datetime' },
  },
];

/** Form fields of a person, in the order the form shows them. */
export const personFormFields = (prefix: string): FormFieldDescriptor[] => [
  { name: 'email', label: `${prefix}.email`, input: { kind: 'email' }, required: true },
  {
    name: 'password',
    label: `${prefix}.password`,
    input: { kind: 'password' },
    createOnly: true,
    required: true,
  },
  {
    name: 'password_repeat',
    label: `${prefix}.password_repeat`,
    input: { kind: 'password' },
    createOnly: true,
    required: true,
  },
  { name: 'first_name', label: `${prefix}.first_name`, input: { kind: 'text' }, required: true },
  { name: 'last_name', label: `${prefix}.last_name`, input: { kind: 'text' }, required: true },
  { name: 'username', label: `${prefix}.username`, input: { kind: 'text' } },
  { name: 'phone', label: `${prefix}.phone`, input: { kind: 'text' } },
  { name: 'country_id', label: `${prefix}.country`, input: { kind: 'lookup', lookup: 'countries' } },
  {
    name: 'city_id',
    label: `${prefix}.city`,
    input: { kind: 'lookup', lookup: 'cities', dependsOn: { field: 'country_id', param: 'country_id' } },
  },
  { name: 'gender', label: `${prefix}.gender`, input: { kind: 'select', options: GENDER_OPTIONS } },
  { name: 'birthday', label: `${prefix}.birthday`, input: { kind: 'date' } },
  {
    name: 'language',
    label: `${prefix}.language`,
    input: { kind: 'select', options: LANGUAGE_OPTIONS },
    required: true,
  },
  {
    name: 'status',
    label: `${prefix}.status`,
    input: { kind: 'select', options: STATUS_OPTIONS },
    required: true,
  },
  { name: 'about_me', label: `${prefix}.about_me`, input: { kind: 'textarea' } },
];
