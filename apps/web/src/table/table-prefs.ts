import { type ListQuery, listQueryToParams, type ResourceDescriptor } from '@pult/contract';
import { readTableState } from './table-url-state';

/**
 * What an administrator chose for one resource's table, kept in local storage per resource name:
 * the last list view (filters, sort, page, page size) and the columns (order, hidden ones). Pure
 * functions over a Storage; the hooks bind them to the table.
 */

const viewKey = (resource: string) => `pult.table.${resource}.view`;
const columnsKey = (resource: string) => `pult.table.${resource}.columns`;

/** The list view in the URL's own grammar: '' for the default view. */
export function viewParams(query: ListQuery): string {
  return new URLSearchParams(listQueryToParams(query)).toString();
}

export function saveView(storage: Storage, descriptor: ResourceDescriptor, query: ListQuery): void {
  write(storage, viewKey(descriptor.name), viewParams(query));
}

/**
 * The remembered view, read back through the URL grammar so an outdated one (a removed filter, a
 * page size no longer offered) loses only its faulty parts; null when none or it is the default.
 */
export function loadView(storage: Storage, descriptor: ResourceDescriptor): ListQuery | null {
  const saved = read(storage, viewKey(descriptor.name));
  if (!saved) return null;
  const query = readTableState(descriptor, new URLSearchParams(saved));
  return viewParams(query) === '' ? null : query;
}

export interface ColumnPrefs {
  /** Field names in the chosen order. */
  order: string[];
  hidden: string[];
}

export function loadColumns(storage: Storage, descriptor: ResourceDescriptor): ColumnPrefs | null {
  const saved = read(storage, columnsKey(descriptor.name));
  if (!saved) return null;
  try {
    const value: unknown = JSON.parse(saved);
    if (!isRecord(value) || !isStringArray(value.order) || !isStringArray(value.hidden)) return null;
    return { order: value.order, hidden: value.hidden };
  } catch {
    return null;
  }
}

export function saveColumns(
  storage: Storage,
  descriptor: ResourceDescriptor,
  prefs: ColumnPrefs | null,
): void {
  if (prefs === null) remove(storage, columnsKey(descriptor.name));
  else write(storage, columnsKey(descriptor.name), JSON.stringify(prefs));
}

/**
 * The columns to offer, in the chosen order: `available` (the page's columns) sorted by `prefs.order`,
 * any column the preferences do not know (added since) at its own place after the known ones.
 */
export function orderColumns(available: readonly string[], prefs: ColumnPrefs | null): string[] {
  if (!prefs) return [...available];
  const known = prefs.order.filter((name) => available.includes(name));
  return [...known, ...available.filter((name) => !known.includes(name))];
}

// Storage may be full or refused (private mode); a preference is then simply not remembered.
function read(storage: Storage, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

function write(storage: Storage, key: string, value: string): void {
  try {
    storage.setItem(key, value);
  } catch {
    // not remembered
  }
}

function remove(storage: Storage, key: string): void {
  try {
    storage.removeItem(key);
  } catch {
    // nothing to forget
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}
