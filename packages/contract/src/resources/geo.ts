import { z } from 'zod';
import { createdAtColumn, idColumn, referenceColumn, textColumn } from './columns.js';
import type { FormDescriptor, ResourceDescriptor } from './descriptor.js';
import { requiredId, requiredText } from './fields.js';

/** Countries and cities (`auth/countries`, `auth/cities`); a city belongs to one country. */
export const COUNTRY_CODE_PATTERN = /^[A-Z]{2}$/;

export const countrySchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name_uk: z.string(),
  name_en: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Country = z.infer<typeof countrySchema>;

export const countryWriteSchema = z.strictObject({
  code: requiredText(2).toUpperCase().regex(COUNTRY_CODE_PATTERN, { error: 'invalidCountryCode' }),
  name_uk: requiredText(100),
  name_en: requiredText(100),
});
export type CountryWrite = z.infer<typeof countryWriteSchema>;

export const countriesResource: ResourceDescriptor = {
  name: 'countries',
  service: 'auth',
  path: '/admin/countries',
  fields: [
    idColumn(),
    textColumn('code', 'countries.fields.code'),
    textColumn('name_uk', 'countries.fields.name_uk'),
    textColumn('name_en', 'countries.fields.name_en'),
    createdAtColumn(),
  ],
  defaultSort: 'name_en',
  defaultSortIn: { 'uk-UA': 'name_uk', 'en-US': 'name_en' },
  importKey: ['code'],
};

export const countryForm: FormDescriptor<typeof countryWriteSchema, typeof countryWriteSchema> = {
  fields: [
    { name: 'code', label: 'countries.fields.code', input: { kind: 'text' }, required: true },
    { name: 'name_uk', label: 'countries.fields.name_uk', input: { kind: 'text' }, required: true },
    { name: 'name_en', label: 'countries.fields.name_en', input: { kind: 'text' }, required: true },
  ],
  createSchema: countryWriteSchema,
  updateSchema: countryWriteSchema,
};

export const citySchema = z.object({
  id: z.number().int(),
  country_id: z.number().int(),
  country_name: z.string(),
  name_uk: z.string(),
  name_en: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type City = z.infer<typeof citySchema>;

export const cityWriteSchema = z.strictObject({
  country_id: requiredId,
  name_uk: requiredText(100),
  name_en: requiredText(100),
});
export type CityWrite = z.infer<typeof cityWriteSchema>;

export const citiesResource: ResourceDescriptor = {
  name: 'cities',
  service: 'auth',
  path: '/admin/cities',
  fields: [
    idColumn(),
    textColumn('name_uk', 'cities.fields.name_uk'),
    textColumn('name_en', 'cities.fields.name_en'),
    referenceColumn('country_id', 'cities.fields.country', 'countries', 'country_name'),
    createdAtColumn(),
  ],
  defaultSort: 'name_en',
  defaultSortIn: { 'uk-UA': 'name_uk', 'en-US': 'name_en' },
  // A city's English name is unique within its country (without regard to case).
  importKey: ['country_id', 'name_en'],
};

export const cityForm: FormDescriptor<typeof cityWriteSchema, typeof cityWriteSchema> = {
  fields: [
    {
      name: 'country_id',
      label: 'cities.fields.country',
      input: { kind: 'lookup', lookup: 'countries' },
      required: true,
    },
    { name: 'name_uk', label: 'cities.fields.name_uk', input: { kind: 'text' }, required: true },
    { name: 'name_en', label: 'cities.fields.name_en', input: { kind: 'text' }, required: true },
  ],
  createSchema: cityWriteSchema,
  updateSchema: cityWriteSchema,
};
