import {
  type CatalogueAction,
  type CatalogueField,
  type CatalogueResource,
  type FieldKind,
  fieldKindOf,
  type KindOf,
  type PermissionCatalogue,
  type ResourceDescriptor,
  type ServiceName,
} from '@pult/contract';
import type { LookupAccess, PermissionAccess, RouteAccess } from './route-access.js';

interface ResourceEntry {
  name: string;
  service: ServiceName;
  descriptor?: ResourceDescriptor;
  actions: Map<string, CatalogueAction>;
  fields: Map<string, CatalogueField>;
}

/**
 * The catalogue as the routes declare it: each permission declaration adds its action (and its
 * descriptor's fields) to its resource. Two routes checking one action must both honour a grant's
 * condition for the action to accept one (`scoped` is the conjunction).
 */
export class CatalogueBuilder {
  private readonly entries = new Map<string, ResourceEntry>();
  /** Every service route with what it declared (for the tests that walk them all). */
  readonly routes: { method: string; url: string; access: RouteAccess }[] = [];

  add(declared: PermissionAccess | LookupAccess, service: ServiceName): void {
    if (declared.kind === 'lookup') {
      this.entry(declared.resource, service);
      return;
    }
    const entry = this.entry(declared.resource, service);
    if (declared.descriptor) this.addDescriptor(entry, declared.descriptor);
    for (const name of declared.readable ?? []) this.addField(entry, { name, read: true });
    for (const name of declared.writable ?? []) this.addField(entry, { name, write: true });
    const names =
      declared.action === 'bulk'
        ? (declared.descriptor?.bulkActions ?? []).map((bulk) => `bulk.${bulk.name}`)
        : [declared.action];
    for (const name of names) {
      const known = entry.actions.get(name);
      entry.actions.set(name, {
        name,
        fields: known ? (known.fields === declared.fields ? known.fields : null) : declared.fields,
        scoped: known ? known.scoped && declared.scoped : declared.scoped,
      });
    }
  }

  has(resource: string): boolean {
    return this.entries.has(resource);
  }

  descriptorOf(resource: string): ResourceDescriptor | undefined {
    return this.entries.get(resource)?.descriptor;
  }

  actionOf(resource: string, action: string): CatalogueAction | undefined {
    return this.entries.get(resource)?.actions.get(action);
  }

  fieldOf(resource: string, field: string): CatalogueField | undefined {
    return this.entries.get(resource)?.fields.get(field);
  }

  /** The bulk actions the resource declares (`bulk.<name>`). */
  bulkActionsOf(resource: string): string[] {
    return [...(this.entries.get(resource)?.actions.keys() ?? [])].filter((name) => name.startsWith('bulk.'));
  }

  kindOf(resource: string): KindOf {
    const fields = this.entries.get(resource)?.fields;
    return (field) => (fields?.get(field)?.condition ? fields.get(field)?.kind : undefined);
  }

  /** Every resource, its actions and fields, sorted by name (the permission editor's order). */
  toJSON(): PermissionCatalogue {
    const resources: CatalogueResource[] = [...this.entries.values()]
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((entry) => ({
        name: entry.name,
        service: entry.service,
        actions: [...entry.actions.values()],
        fields: [...entry.fields.values()],
      }));
    return { resources };
  }

  private entry(name: string, service: ServiceName): ResourceEntry {
    let entry = this.entries.get(name);
    if (!entry) {
      entry = { name, service, actions: new Map(), fields: new Map() };
      this.entries.set(name, entry);
    }
    return entry;
  }

  private addDescriptor(entry: ResourceEntry, descriptor: ResourceDescriptor): void {
    entry.descriptor ??= descriptor;
    for (const field of descriptor.fields) {
      const kind = fieldKindOf(field);
      this.addField(entry, {
        name: field.name,
        label: field.label,
        kind,
        read: true,
        // Only what a list can filter or sort has a column the condition can be compiled against.
        condition: kind !== 'json' && (field.sortable || field.filter !== undefined),
      });
    }
  }

  private addField(entry: ResourceEntry, field: Partial<CatalogueField> & { name: string }): void {
    const known = entry.fields.get(field.name);
    entry.fields.set(field.name, {
      name: field.name,
      label: known?.label ?? field.label ?? field.name,
      kind: known?.kind ?? field.kind ?? ('text' satisfies FieldKind),
      read: (known?.read ?? false) || (field.read ?? false),
      write: (known?.write ?? false) || (field.write ?? false),
      condition: (known?.condition ?? false) || (field.condition ?? false),
    });
  }
}
