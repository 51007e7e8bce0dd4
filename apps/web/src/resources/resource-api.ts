import {
  type ListQuery,
  type ListResponse,
  LOOKUP_PATHS,
  type LookupName,
  type LookupResponse,
  listQueryToParams,
  type ResourceDescriptor,
} from '@pult/contract';
import type { Services } from '../app/services';

/**
 * The generic resource calls of ARCHITECTURE.md for any descriptor. Records are plain objects here:
 * the screens that need a record's type take it from the contract.
 */
export type RecordId = string | number;
export type ResourceRecord = Record<string, unknown>;

export const resourceKeys = {
  all: (descriptor: ResourceDescriptor) => ['resource', descriptor.name] as const,
  list: (descriptor: ResourceDescriptor, query: ListQuery) =>
    [...resourceKeys.all(descriptor), 'list', listQueryToParams(query)] as const,
  one: (descriptor: ResourceDescriptor, id: RecordId) =>
    [...resourceKeys.all(descriptor), 'one', String(id)] as const,
  lookup: (lookup: LookupName, params: Record<string, string>) => ['lookup', lookup, params] as const,
};

function collectionUrl(services: Services, descriptor: ResourceDescriptor): string {
  return services.serviceUrl(descriptor.service, descriptor.path);
}

function recordUrl(services: Services, descriptor: ResourceDescriptor, id: RecordId): string {
  return `${collectionUrl(services, descriptor)}/${encodeURIComponent(String(id))}`;
}

export function fetchList<Item = ResourceRecord>(
  services: Services,
  descriptor: ResourceDescriptor,
  query: ListQuery,
  signal?: AbortSignal,
): Promise<ListResponse<Item>> {
  return services.http.get(collectionUrl(services, descriptor), { query: listQueryToParams(query), signal });
}

export function fetchRecord<Item = ResourceRecord>(
  services: Services,
  descriptor: ResourceDescriptor,
  id: RecordId,
  signal?: AbortSignal,
): Promise<Item> {
  return services.http.get(recordUrl(services, descriptor, id), { signal });
}

/**
 * A record with its version: the `ETag` its `GET` answered (docs/architecture.md, "Record versions"),
 * null when the server sent none. Sent back in `If-Match` so a save cannot undo a change it never saw.
 */
export interface VersionedRecord<Item = ResourceRecord> {
  record: Item;
  version: string | null;
}

/** `GET` of one record with its version, at any URL (routes of their own: the profile). */
export async function getVersioned<Item = ResourceRecord>(
  http: Services['http'],
  url: string,
  signal?: AbortSignal,
): Promise<VersionedRecord<Item>> {
  const response = await http.open('GET', url, { signal });
  const version = response.headers.get('ETag');
  return { record: (await response.json()) as Item, version };
}

/**
 * `PUT` of one record at a version (`If-Match`), at any URL; answers the saved record with its new
 * version. A stale version is an HttpError 412 whose body is `{ message, current }`.
 */
export async function putVersioned<Item = ResourceRecord>(
  http: Services['http'],
  url: string,
  body: unknown,
  version: string | null,
): Promise<VersionedRecord<Item>> {
  const response = await http.open('PUT', url, { body, headers: ifMatchHeaders(version) });
  const text = await response.text();
  return { record: (text === '' ? {} : JSON.parse(text)) as Item, version: response.headers.get('ETag') };
}

/** `GET <resource>/{id}` with the record's version. */
export function fetchVersionedRecord<Item = ResourceRecord>(
  services: Services,
  descriptor: ResourceDescriptor,
  id: RecordId,
  signal?: AbortSignal,
): Promise<VersionedRecord<Item>> {
  return getVersioned<Item>(services.http, recordUrl(services, descriptor, id), signal);
}

/** The `If-Match` header of a write at a known version; none (last write wins) without one. */
export function ifMatchHeaders(version: string | null | undefined): Record<string, string> | undefined {
  return version ? { 'If-Match': version } : undefined;
}

export function createRecord<Item = ResourceRecord>(
  services: Services,
  descriptor: ResourceDescriptor,
  body: unknown,
): Promise<Item> {
  return services.http.post(collectionUrl(services, descriptor), body);
}

export function updateRecord<Item = ResourceRecord>(
  services: Services,
  descriptor: ResourceDescriptor,
  id: RecordId,
  body: unknown,
  version?: string | null,
): Promise<Item> {
  return services.http.put(recordUrl(services, descriptor, id), body, { headers: ifMatchHeaders(version) });
}

/**
 * `PUT <resource>/{id}` at a version (`If-Match`); answers the saved record with its new version. A
 * stale version is an HttpError 412 whose body is `{ message, current }`.
 */
export function updateVersionedRecord<Item = ResourceRecord>(
  services: Services,
  descriptor: ResourceDescriptor,
  id: RecordId,
  body: unknown,
  version: string | null,
): Promise<VersionedRecord<Item>> {
  return putVersioned<Item>(services.http, recordUrl(services, descriptor, id), body, version);
}

export function deleteRecord(
  services: Services,
  descriptor: ResourceDescriptor,
  id: RecordId,
  version?: string | null,
): Promise<unknown> {
  return services.http.delete(recordUrl(services, descriptor, id), { headers: ifMatchHeaders(version) });
}

export function fetchLookup(
  services: Services,
  lookup: LookupName,
  params: Record<string, string>,
  signal?: AbortSignal,
): Promise<LookupResponse> {
  const { service, path } = LOOKUP_PATHS[lookup];
  return services.http.get(services.serviceUrl(service, path), { query: params, signal });
}
