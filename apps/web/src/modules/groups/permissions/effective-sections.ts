import type { EffectiveEntry, PermissionCatalogue, ServiceName } from '@pult/contract';
import { SERVICE_NAMES } from '@pult/contract';

/** One resource's entries, in the catalogue's order of actions. */
export interface EffectiveResource {
  resource: string;
  entries: EffectiveEntry[];
}

export interface EffectiveService {
  service: ServiceName;
  resources: EffectiveResource[];
}

function serviceOf(resource: string): string {
  return resource.split('.')[0] ?? '';
}

/**
 * The entries by service and resource. `onlyAllowed` hides what is denied, and then resources
 * with nothing allowed; the order is the server's (the catalogue's).
 */
export function effectiveSections(
  entries: readonly EffectiveEntry[],
  onlyAllowed = false,
): EffectiveService[] {
  const shown = onlyAllowed ? entries.filter((entry) => entry.allowed) : entries;
  const byResource = new Map<string, EffectiveEntry[]>();
  for (const entry of shown)
    byResource.set(entry.resource, [...(byResource.get(entry.resource) ?? []), entry]);
  return SERVICE_NAMES.map((service) => ({
    service,
    resources: [...byResource]
      .filter(([resource]) => serviceOf(resource) === service)
      .map(([resource, items]) => ({ resource, entries: items })),
  })).filter((section) => section.resources.length > 0);
}

/** The readable name of a field an entry lists, from the catalogue (its name when unknown). */
export function catalogueFieldOf(
  catalogue: PermissionCatalogue | undefined,
  resource: string,
  field: string,
) {
  return (
    catalogue?.resources
      .find((item) => item.name === resource)
      ?.fields.find((item) => item.name === field) ?? {
      name: field,
      label: field,
    }
  );
}
