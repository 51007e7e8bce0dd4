import type { ReportId, ReportIndex, ReportResult } from '@pult/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useServices } from '../../app/services-context';

/** The reports this administrator may open. */
export function useReportIndex() {
  const services = useServices();
  return useQuery({
    queryKey: ['reports', 'index'],
    queryFn: ({ signal }): Promise<ReportIndex> =>
      services.http.get(services.serviceUrl('auth', '/admin/reports'), { signal }),
  });
}

/** One report for a query string; the previous figures stay on screen while new ones load. */
export function useReport(id: ReportId, query: string) {
  const services = useServices();
  return useQuery({
    queryKey: ['reports', id, query],
    queryFn: ({ signal }): Promise<ReportResult> =>
      services.http.get(services.serviceUrl('auth', `/admin/reports/${id}?${query}`), { signal }),
    placeholderData: keepPreviousData,
  });
}
