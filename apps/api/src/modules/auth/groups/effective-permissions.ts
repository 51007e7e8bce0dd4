import {
  coversEveryRecord,
  decide,
  type EffectiveEntry,
  fieldNames,
  type Grant,
  type PermissionCatalogue,
  patternMatches,
  visibleFields,
} from '@pult/contract';

/** A group's grants with the group's name, as they reach an administrator. */
export interface GroupGrants {
  group: string;
  grants: readonly Grant[];
}

/**
 * What an administrator can do, action by action over the catalogue, and which groups' grants
 * decide it (allows and denies both): the "Effective permissions" view.
 */
export function effectiveEntries(
  catalogue: PermissionCatalogue,
  groups: readonly GroupGrants[],
): EffectiveEntry[] {
  const all = groups.flatMap((group) => group.grants);
  const entries: EffectiveEntry[] = [];
  for (const resource of catalogue.resources) {
    const names = resource.fields.map((field) => field.name);
    for (const action of resource.actions) {
      const decision = decide(all, resource.name, action.name);
      const fields = visibleFields(decision);
      entries.push({
        resource: resource.name,
        action: action.name,
        allowed: decision.allowed,
        fields:
          !decision.allowed || (fields.all && fields.except.size === 0) ? null : fieldNames(fields, names),
        conditional: decision.allowed && !coversEveryRecord(decision),
        sources: groups.flatMap((group) =>
          group.grants
            .filter(
              (grant) =>
                patternMatches(grant.resource, resource.name) && patternMatches(grant.action, action.name),
            )
            .map((grant) => ({ group: group.group, grant })),
        ),
      });
    }
  }
  return entries;
}
