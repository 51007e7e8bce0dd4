import {
  type ListResponse,
  permissionResourceOf,
  type SavedReport,
  type SavedReportWrite,
  savedReportsResource,
} from '@pult/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCan } from '../../access/use-permissions';
import { useServices } from '../../app/services-context';
import { notifier } from '../../notify/notifier';
import { choiceFromSearch, searchOfChoice } from './report-params';

export const SAVED_REPORTS = permissionResourceOf(savedReportsResource);
const KEY = ['reports', 'saved'] as const;
/** A person keeps a handful of saved reports; the index shows the first hundred by name. */
const LIST_QUERY = 'perPage=100&sort=name';

/** The saved reports this administrator sees (their own and those shared with their groups), by name. */
export function useSavedReports() {
  const services = useServices();
  const enabled = useCan(SAVED_REPORTS, 'list');
  return useQuery({
    queryKey: KEY,
    queryFn: ({ signal }): Promise<ListResponse<SavedReport>> =>
      services.http.get(services.serviceUrl('auth', `${savedReportsResource.path}?${LIST_QUERY}`), {
        signal,
      }),
    enabled,
  });
}

export function useCreateSavedReport() {
  const services = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SavedReportWrite): Promise<SavedReport> =>
      services.http.post(services.serviceUrl('auth', savedReportsResource.path), body),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export function useDeleteSavedReport() {
  const services = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number): Promise<SavedReport> =>
      services.http.delete(services.serviceUrl('auth', `${savedReportsResource.path}/${id}`)),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
    // Gone already (another tab) or no longer allowed: say so, and show the list as it is now.
    onError: (error) => {
      notifier.notify('error', error.message);
      void client.invalidateQueries({ queryKey: KEY });
    },
  });
}

/**
 * The report screen a saved report replays: its parameters are the screen's URL, in the order the
 * screen writes them (the database keeps them as an object, in an order of its own).
 */
export function savedReportPath(saved: Pick<SavedReport, 'report' | 'query'>): string {
  return `/reports/${saved.report}?${searchOfChoice(choiceFromSearch(new URLSearchParams(saved.query)))}`;
}
