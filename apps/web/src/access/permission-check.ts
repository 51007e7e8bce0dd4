import {
  type Decision,
  decide,
  type FieldKind,
  type FieldSet,
  fieldNames,
  filterableFields,
  type Grant,
  type MyPermissions,
  recordAllowed,
  visibleFields,
} from '@pult/contract';

/**
 * What the signed-in administrator may do, worked out with the contract's evaluator: the same rules
 * the server enforces, so the panel hides exactly what the server would refuse (and nothing more).
 */
export interface PermissionCheck {
  adminId: number;
  groups: readonly string[];
  /** A group requires a second factor this sign-in lacks: the panel offers only its setup. */
  mfaEnrollmentRequired: boolean;
  /** Some record (or the action as a whole) is allowed. */
  can(resource: string, action: string): boolean;
  /** The fields the action reaches: the columns of a list, the inputs of a form. */
  fields(resource: string, action: string): FieldSet;
  /** The fields every record in scope shows, so filtering or sorting on them reveals nothing. */
  filterableFields(resource: string, action: string): FieldSet;
  /** The names of `of` that the action reaches, in their order. */
  fieldNames(resource: string, action: string, of: readonly string[]): string[];
  /** Whether one record is in the action's scope (a grant's condition holds for it). */
  canRecord(resource: string, action: string, record: Readonly<Record<string, unknown>>): boolean;
}

export function createPermissionCheck(permissions: MyPermissions): PermissionCheck {
  const grants = permissions.grants as readonly Grant[];
  const actor = { id: permissions.admin_id, groups: permissions.groups };
  const decisions = new Map<string, Decision>();
  const decision = (resource: string, action: string): Decision => {
    const key = `${resource}\n${action}`;
    let found = decisions.get(key);
    if (!found) {
      found = decide(grants, resource, action);
      decisions.set(key, found);
    }
    return found;
  };
  const kindOf =
    (resource: string) =>
    (field: string): FieldKind | undefined =>
      permissions.kinds[resource]?.[field];

  return {
    adminId: permissions.admin_id,
    groups: permissions.groups,
    mfaEnrollmentRequired: permissions.mfa_enrollment_required,
    can: (resource, action) => decision(resource, action).allowed,
    fields: (resource, action) => visibleFields(decision(resource, action)),
    filterableFields: (resource, action) => filterableFields(decision(resource, action)),
    fieldNames: (resource, action, of) => fieldNames(visibleFields(decision(resource, action)), of),
    canRecord: (resource, action, record) =>
      recordAllowed(decision(resource, action), record, actor, kindOf(resource)),
  };
}
