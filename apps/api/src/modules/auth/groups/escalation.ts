import { type Grant, patternMatches } from '@pult/contract';
import type { CatalogueBuilder } from '../../../access/catalogue-builder.js';
import type { PermissionSet } from '../../../access/permission-set.js';

/**
 * No escalation: an administrator may hand out (in a group, or by adding someone to a group) only
 * what they hold themselves. A grant is held when, for every resource and action it covers, one of
 * the holder's own allows covers it at least as widely — no condition, or one the grant repeats; no
 * field list, or one containing the grant's — and nothing the holder is denied applies there. A
 * grant naming a pattern must be covered by a pattern of the holder's, so it cannot reach actions
 * the server adds later that the holder does not have. Denies never escalate and are always allowed.
 *
 * Returns the first `[resource, action]` not held, or undefined.
 */
export function firstNotHeld(
  grants: readonly Grant[],
  holder: PermissionSet,
  catalogue: CatalogueBuilder,
): [string, string] | undefined {
  const resources = catalogue.toJSON().resources;
  for (const grant of grants) {
    if (grant.effect === 'deny') continue;
    if (grant.resource.includes('*') || grant.action.includes('*')) {
      const covered = holder.grants.some(
        (own) =>
          own.effect === 'allow' &&
          patternCovers(own.resource, grant.resource) &&
          patternCovers(own.action, grant.action) &&
          coversParts(own, grant),
      );
      if (!covered) return [grant.resource, grant.action];
    }
    for (const resource of resources) {
      if (!patternMatches(grant.resource, resource.name)) continue;
      for (const action of resource.actions) {
        if (!patternMatches(grant.action, action.name)) continue;
        const decision = holder.decide(resource.name, action.name);
        const held =
          decision.allowed &&
          decision.rowDenies.length === 0 &&
          decision.fieldDenies.length === 0 &&
          decision.allows.some((own) => coversParts(own, grant));
        if (!held) return [resource.name, action.name];
      }
    }
  }
  return undefined;
}

/** The holder's grant reaches every record and field the given one does. */
function coversParts(own: Grant, given: Grant): boolean {
  const records =
    !own.where ||
    (given.where !== undefined &&
      Object.entries(own.where).every(
        ([field, condition]) =>
          JSON.stringify(sortKeys(given.where?.[field])) === JSON.stringify(sortKeys(condition)),
      ));
  const fields = !own.fields || (given.fields?.every((f) => own.fields?.includes(f)) ?? false);
  return records && fields;
}

/** `*` covers all; `svc.*` covers itself and `svc.x`; a name covers itself. */
function patternCovers(own: string, given: string): boolean {
  if (own === '*') return true;
  if (given === '*') return false;
  if (own.endsWith('.*')) return given.startsWith(own.slice(0, -1));
  return own === given;
}

/** Grants of `next` that `previous` did not have (a group's change adds only these). */
export function addedGrants(previous: readonly Grant[], next: readonly Grant[]): Grant[] {
  const known = new Set(previous.map(canonical));
  return next.filter((grant) => !known.has(canonical(grant)));
}

function canonical(grant: Grant): string {
  return JSON.stringify({
    resource: grant.resource,
    action: grant.action,
    effect: grant.effect,
    fields: grant.fields ? [...grant.fields].sort() : null,
    where: grant.where ? sortKeys(grant.where) : null,
  });
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, inner]) => [key, sortKeys(inner)]),
  );
}
