import { z } from 'zod';

/**
 * Access control (docs/architecture.md, "Access control"). Administrators belong to groups; a group
 * holds grants; a grant allows (or denies) one action on one resource, optionally only on some fields
 * and only on records that meet a condition. The same grant documents are read by the server (which
 * enforces them) and by the panel (which only hides what the server would refuse).
 */

/** The built-in group that grants everything; it cannot be deleted or reduced. */
export const SUPERADMIN_GROUP = 'superadmin';

/** Administrators' group names (platform users' groups are a separate, free namespace). */
export const ADMIN_GROUP_PATTERN = /^[a-z0-9][a-z0-9_-]{1,49}$/;

/**
 * `service.resource`, `service.*` or `*`. Resources are named after their list path
 * (`auth.users`, `notification.smtp-configs`).
 */
export const RESOURCE_PATTERN = /^(\*|[a-z]+\.(\*|[a-z][a-z0-9-]{0,49}))$/;

/**
 * The five record actions, `list`/`read`/`export`, a module's own action (`settings.regenerate-api-keys`),
 * a bulk action (`bulk.setStatus`), `prefix.*` for all actions under a prefix, or `*`.
 */
export const ACTION_PATTERN = /^(\*|[a-z][a-z0-9-]{0,49}(\.(\*|[a-zA-Z][a-zA-Z0-9-]{0,49}))?)$/;

export const RECORD_ACTIONS = ['list', 'read', 'create', 'update', 'delete', 'export'] as const;
export type RecordAction = (typeof RECORD_ACTIONS)[number];

/** A value a `where` compares a field with, or one of the acting administrator's own values. */
export const ACTOR_ID = '$actor.id';
export const ACTOR_GROUPS = '$actor.groups';

export const GRANT_LIMITS = {
  grantsPerGroup: 500,
  fieldsPerGrant: 100,
  conditionsPerWhere: 20,
  valuesPerList: 200,
  textLength: 200,
  descriptionLength: 1000,
} as const;

const scalar = z.union(
  [
    z.string({ error: 'invalidValue' }).max(GRANT_LIMITS.textLength, { error: 'tooLong' }),
    z.number({ error: 'invalidValue' }).finite({ error: 'invalidValue' }),
    z.boolean({ error: 'invalidValue' }),
  ],
  { error: 'invalidValue' },
);
const bound = z.union([
  z.string({ error: 'invalidValue' }).max(40, { error: 'tooLong' }),
  z.number({ error: 'invalidValue' }).finite({ error: 'invalidValue' }),
]);

/**
 * One field's condition; every operator given must hold. `ne` treats a missing value as different,
 * every other operator is false on a missing value, so a deny's "not" never lets a missing value
 * through by accident. On a list field (an admin's `groups`) `eq` means "contains" and `in` "shares
 * one of".
 */
export const fieldConditionSchema = z
  .strictObject(
    {
      eq: scalar.optional(),
      ne: scalar.optional(),
      in: z
        .union([
          z.literal(ACTOR_GROUPS),
          z.array(scalar, { error: 'invalidValue' }).max(GRANT_LIMITS.valuesPerList, { error: 'tooLong' }),
        ])
        .optional(),
      gte: bound.optional(),
      lte: bound.optional(),
      null: z.boolean({ error: 'invalidBoolean' }).optional(),
    },
    { error: 'grantWhereInvalid' },
  )
  .refine((condition) => Object.keys(condition).length > 0, { error: 'grantWhereInvalid' });
export type FieldCondition = z.infer<typeof fieldConditionSchema>;

export const whereSchema = z
  .record(z.string().regex(/^[a-z][a-z0-9_]{0,62}$/, { error: 'grantFieldUnknown' }), fieldConditionSchema, {
    error: 'grantWhereInvalid',
  })
  .refine((where) => Object.keys(where).length > 0, { error: 'grantWhereInvalid' })
  .refine((where) => Object.keys(where).length <= GRANT_LIMITS.conditionsPerWhere, { error: 'tooLong' });
export type Where = z.infer<typeof whereSchema>;

export const grantSchema = z.strictObject(
  {
    resource: z.string({ error: 'required' }).regex(RESOURCE_PATTERN, { error: 'grantResourceUnknown' }),
    action: z.string({ error: 'required' }).regex(ACTION_PATTERN, { error: 'grantActionUnknown' }),
    effect: z.enum(['allow', 'deny'], { error: 'invalidOption' }).default('allow'),
    fields: z
      .array(z.string({ error: 'invalidValue' }).max(63, { error: 'tooLong' }), { error: 'invalidValue' })
      .min(1, { error: 'required' })
      .max(GRANT_LIMITS.fieldsPerGrant, { error: 'tooLong' })
      .transform((fields) => [...new Set(fields)])
      .optional(),
    where: whereSchema.optional(),
  },
  { error: 'invalidValue' },
);
export type Grant = z.infer<typeof grantSchema>;
/** A grant as written by a client, before `effect` takes its default. */
export type GrantInput = z.input<typeof grantSchema>;

/**
 * A stored grant as the server answers it: the same shape, without the defaults and clean-ups of
 * the input schema (an answer is only checked, never transformed).
 */
export const grantViewSchema = z.object({
  resource: z.string(),
  action: z.string(),
  effect: z.enum(['allow', 'deny']),
  fields: z.array(z.string()).optional(),
  where: z.record(z.string(), z.record(z.string(), z.unknown())).optional(),
});

export const grantsSchema = z
  .array(grantSchema, { error: 'invalidValue' })
  .max(GRANT_LIMITS.grantsPerGroup, { error: 'tooLong' });

/** The grant of the built-in `superadmin` group. */
export const SUPERADMIN_GRANTS: readonly Grant[] = [{ resource: '*', action: '*', effect: 'allow' }];
