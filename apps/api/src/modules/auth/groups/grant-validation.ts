import { type Grant, type MessageKey, patternMatches, whereProblems } from '@pult/contract';
import type { CatalogueBuilder } from '../../../access/catalogue-builder.js';
import { errors } from '../../../http/app-error.js';

/**
 * Grants are checked against the catalogue the routes declare, so a group can only name what the
 * server enforces: a resource and action that exist (or a pattern matching at least one), fields of
 * the right side (read or write) for the action, and a condition only where the routes apply one,
 * on fields they can compare, with operators and values that fit each field. Anything else is a 422
 * keyed by the grant's place (`grants.3.where.status.in`), and nothing is written.
 */
export function assertGrantsValid(grants: readonly Grant[], catalogue: CatalogueBuilder): void {
  const problems: Record<string, MessageKey> = {};
  grants.forEach((grant, index) => {
    for (const [path, message] of grantProblems(grant, catalogue))
      problems[`grants.${index}.${path}`] = message;
  });
  if (Object.keys(problems).length > 0) throw errors.fields(problems);
}

function grantProblems(grant: Grant, catalogue: CatalogueBuilder): [string, MessageKey][] {
  const resources = catalogue
    .toJSON()
    .resources.filter((entry) => patternMatches(grant.resource, entry.name));
  if (resources.length === 0) return [['resource', 'grantResourceUnknown']];
  const targets = resources.flatMap((entry) =>
    entry.actions
      .filter((action) => patternMatches(grant.action, action.name))
      .map((action) => ({ entry, action })),
  );
  if (targets.length === 0) return [['action', 'grantActionUnknown']];
  const problems: [string, MessageKey][] = [];
  if (grant.fields || grant.where) {
    // Fields and conditions speak of one resource's fields: a pattern over several cannot carry them.
    const single = resources.length === 1 ? resources[0] : undefined;
    if (!single) {
      problems.push([
        grant.fields ? 'fields' : 'where',
        grant.fields ? 'grantFieldsNotApplicable' : 'grantWhereNotApplicable',
      ]);
      return problems;
    }
    if (grant.fields) {
      const side = targets[0]?.action.fields;
      if (!side || targets.some((target) => target.action.fields !== side)) {
        problems.push(['fields', 'grantFieldsNotApplicable']);
      } else {
        grant.fields.forEach((name, index) => {
          const field = catalogue.fieldOf(single.name, name);
          if (!field?.[side]) problems.push([`fields.${index}`, 'grantFieldUnknown']);
        });
      }
    }
    if (grant.where) {
      if (targets.some((target) => !target.action.scoped))
        problems.push(['where', 'grantWhereNotApplicable']);
      else {
        for (const problem of whereProblems(grant.where, catalogue.kindOf(single.name)))
          problems.push([`where.${problem.path}`, problem.message]);
      }
    }
  }
  return problems;
}
