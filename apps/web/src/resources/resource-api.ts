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
): Promise<Item> {
  return services.http.put(recordUrl(services, descriptor, id), body);
}

export function deleteRecord(
  services: Services,
  descriptor: ResourceDescriptor,
  id: RecordId,
): Promise<unknown> {
  return services.http.delete(recordUrl(services, descriptor, id));
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
