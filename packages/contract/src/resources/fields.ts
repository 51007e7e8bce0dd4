import { z } from 'zod';
import { isSigninEmail } from '../validators.js';
import { isCalendarDate } from './list-query.js';

/**
 * Field schemas shared by the resources' create/update bodies. Forms send `''` for an empty
 * optional input; these schemas turn it into null so the panel and the API store the same thing.
 */
/** PostgreSQL text cannot hold NUL; refusing it here keeps it a 422 instead of a database fault. */
const NO_NUL = (value: string) => !value.includes('\u0000');

export const requiredText = (max: number) =>
  z
    .string({ error: 'required' })
    .trim()
    .min(1, { error: 'required' })
    .max(max, { error: 'tooLong' })
    .refine(NO_NUL, { error: 'invalidValue' });

export const nullableText = (max: number) =>
  z
    .string({ error: 'invalidType' })
    .trim()
    .max(max, { error: 'tooLong' })
    .refine(NO_NUL, { error: 'invalidValue' })
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

/** An empty e-mail is only "required", not also "must be valid". */
export const emailText = requiredText(254).refine((value) => value === '' || isSigninEmail(value), {
  error: 'emailInvalid',
});

/** An optional calendar date `YYYY-MM-DD`. */
export const nullableDate = z
  .string({ error: 'invalidType' })
  .trim()
  .refine((value) => value === '' || isCalendarDate(value), { error: 'invalidDate' })
  .transform((value) => (value === '' ? null : value))
  .nullable()
  .optional();

/** An optional reference to another record: an id, or `''`/null for none. */
export const nullableId = z
  .union([z.literal(''), z.number({ error: 'invalidValue' }).int().positive()], { error: 'invalidValue' })
  .transform((value) => (value === '' ? null : value))
  .nullable()
  .optional();

/** A required reference: an id chosen from a lookup. */
export const requiredId = z
  .union([z.literal(''), z.number().int().positive()], { error: 'required' })
  .refine((value): value is number => value !== '', { error: 'required' });

export function oneOf<const T extends readonly [string | number, ...(string | number)[]]>(values: T) {
  return z.custom<T[number]>((value) => values.includes(value as T[number]), { error: 'invalidOption' });
}
