import type { FieldDescriptor, LookupDependency, ResourceDescriptor } from '@pult/contract';

/**
 * Lookup filters narrowed by another filter of the same table (`dependsOn` of the descriptor, the
 * same rule the forms follow): cities by the chosen country. The descriptor is the only source of
 * these links, so the table, its URL state and the forms cannot disagree about them.
 */

/**
 * The filters to drop when `field` changes: those that depend on it, and theirs in turn. A kept city
 * of another country would match no row and show as a bare id, since it is not among the options.
 */
export function dependentFilters(descriptor: ResourceDescriptor, field: string): string[] {
  const found: string[] = [];
  const visit = (parent: string) => {
    for (const candidate of descriptor.fields) {
      if (lookupDependency(candidate)?.field !== parent) continue;
      // A descriptor that links fields in a circle must not loop forever.
      if (candidate.name === field || found.includes(candidate.name)) continue;
      found.push(candidate.name);
      visit(candidate.name);
    }
  };
  visit(field);
  return found;
}

/** The query parameters that narrow a lookup filter's options by the filters chosen so far. */
export function lookupFilterParams(
  field: FieldDescriptor,
  filters: Readonly<Record<string, string>>,
): Record<string, string> {
  const dependency = lookupDependency(field);
  const parent = dependency ? filters[dependency.field] : undefined;
  return dependency && parent ? { [dependency.param]: parent } : {};
}

function lookupDependency(field: FieldDescriptor): LookupDependency | undefined {
  const filter = field.filter;
  return filter?.type === 'select' && 'lookup' in filter ? filter.dependsOn : undefined;
}
