import type { ResourceDescriptor } from '@pult/contract';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { useServices } from '../../app/services-context';
import { isHttpError } from '../../http/http-error';
import {
  fetchVersionedRecord,
  type RecordId,
  type ResourceRecord,
  resourceKeys,
  type VersionedRecord,
} from '../../resources/resource-api';
import { rowVersion } from '../../resources/row-version';

export type RecordState<Item> =
  | { status: 'loading' }
  | { status: 'notFound' }
  | { status: 'error' }
  | { status: 'ready'; record: Item; version: string | null };

/**
 * One record for an edit screen. A missing id (a bad `?id=`) and a 404 are the same to the
 * administrator: there is nothing to edit.
 */
export function useRecord<Item = ResourceRecord>(
  resource: ResourceDescriptor,
  id: RecordId | null,
): RecordState<Item> {
  const services = useServices();
  const query = useQuery({
    queryKey: resourceKeys.one(resource, id ?? ''),
    // With its version (ETag), which an edit form sends back in If-Match (see `openedVersion`).
    queryFn: ({ signal }) => fetchVersionedRecord<Item>(services, resource, id ?? '', signal),
    enabled: id !== null,
    // An edit form starts from what the server has now, not from a list page's cache.
    staleTime: 0,
  });
  if (id === null) return { status: 'notFound' };
  if (query.data !== undefined)
    return { status: 'ready', record: query.data.record, version: query.data.version };
  if (query.isError) {
    return isHttpError(query.error) && query.error.status === 404
      ? { status: 'notFound' }
      : { status: 'error' };
  }
  return { status: 'loading' };
}

/** The id of an edit route's `?id=`: a positive whole number, else null. */
export function parseRecordId(value: string | null): number | null {
  if (value === null || !/^[1-9]\d{0,15}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : null;
}

/**
 * The version of a record an edit form was given, when that record is the one `useRecord` holds for
 * its id (the very object: a refetch since then is a newer version the form has not shown), or a
 * list row that carries the version it was listed with. Undefined when the record came without one:
 * the form then learns the version before saving.
 */
export function openedVersion(
  queryClient: QueryClient,
  resource: ResourceDescriptor,
  id: RecordId | undefined,
  record: unknown,
): string | null | undefined {
  if (id === undefined || record === undefined) return undefined;
  const cached = queryClient.getQueryData<VersionedRecord>(resourceKeys.one(resource, id));
  if (cached !== undefined && cached.record === record) return cached.version;
  return typeof record === 'object' && record !== null ? (rowVersion(record) ?? undefined) : undefined;
}
