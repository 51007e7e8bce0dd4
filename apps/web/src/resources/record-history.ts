/** The audit log filtered to one record: the "History" link of every edit screen. */
export function recordHistoryPath(resource: string, id: string | number): string {
  const params = new URLSearchParams({ 'filter[resource]': resource, 'filter[record_id]': String(id) });
  return `/auth/audit?${params.toString()}`;
}
