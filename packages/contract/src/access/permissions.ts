import { z } from 'zod';
import { fieldKindSchema } from './catalogue.js';
import { grantViewSchema } from './grants.js';

/**
 * `GET /auth/admin/me/permissions`: the signed-in administrator's grants (from all their groups),
 * for the panel's evaluator, with an ETag (`version`) so polling it costs a 304 while nothing changed.
 * `kinds` has the kind of every field a condition names, which the evaluator needs to compare values.
 */
export const myPermissionsSchema = z.object({
  admin_id: z.number().int(),
  groups: z.array(z.string()),
  version: z.string(),
  grants: z.array(grantViewSchema),
  kinds: z.record(z.string(), z.record(z.string(), fieldKindSchema)),
  /** A group requires a second factor this sign-in lacks: the panel offers only its enrolment. */
  mfa_enrollment_required: z.boolean(),
});
export type MyPermissions = z.infer<typeof myPermissionsSchema>;

/** One action of the catalogue as an administrator has it, and which groups' grants decide it. */
export const effectiveEntrySchema = z.object({
  resource: z.string(),
  action: z.string(),
  allowed: z.boolean(),
  /** The fields it reaches, or null for all. */
  fields: z.array(z.string()).nullable(),
  /** Some records are out of scope (a condition applies). */
  conditional: z.boolean(),
  sources: z.array(z.object({ group: z.string(), grant: grantViewSchema })),
});
export type EffectiveEntry = z.infer<typeof effectiveEntrySchema>;

/** `GET /auth/admin/admins/{id}/permissions`: what an administrator can do, and why. */
export const effectivePermissionsSchema = z.object({
  admin_id: z.number().int(),
  groups: z.array(z.string()),
  entries: z.array(effectiveEntrySchema),
});
export type EffectivePermissions = z.infer<typeof effectivePermissionsSchema>;
