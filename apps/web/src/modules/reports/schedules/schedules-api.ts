import {
  type ListResponse,
  type LookupResponse,
  permissionResourceOf,
  type ReportSchedule,
  type ReportScheduleWrite,
  reportSchedulesResource,
  type ScheduleRun,
} from '@pult/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCan } from '../../../access/use-permissions';
import { useServices } from '../../../app/services-context';
import { notifier } from '../../../notify/notifier';

export const REPORT_SCHEDULES = permissionResourceOf(reportSchedulesResource);
const KEY = ['reports', 'schedules'] as const;
const PATH = reportSchedulesResource.path;
/**
 * A team keeps a few dozen schedules; the index shows the first hundred, oldest first (by id: a grant
 * may hide any other field, and a sort by a hidden field is refused).
 */
const LIST_QUERY = 'perPage=100&sort=id';

/** The schedules this administrator sees (of the saved reports they see). */
export function useSchedules() {
  const services = useServices();
  const enabled = useCan(REPORT_SCHEDULES, 'list');
  return useQuery({
    queryKey: KEY,
    queryFn: ({ signal }): Promise<ListResponse<ReportSchedule>> =>
      services.http.get(services.serviceUrl('auth', `${PATH}?${LIST_QUERY}`), { signal }),
    enabled,
  });
}

/** Creates a schedule, or changes one when given its id. */
export function useSaveSchedule(id: number | undefined) {
  const services = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReportScheduleWrite): Promise<ReportSchedule> =>
      id === undefined
        ? services.http.post(services.serviceUrl('auth', PATH), body)
        : services.http.put(services.serviceUrl('auth', `${PATH}/${id}`), body),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

/** Deletes a schedule or sends it now; a refusal (gone, no longer allowed) is said, and the list reloads. */
function useScheduleAction<T>(run: (id: number) => Promise<T>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
    onError: (error) => {
      notifier.notify('error', error.message);
      void client.invalidateQueries({ queryKey: KEY });
    },
  });
}

export function useDeleteSchedule() {
  const services = useServices();
  return useScheduleAction(
    (id): Promise<ReportSchedule> => services.http.delete(services.serviceUrl('auth', `${PATH}/${id}`)),
  );
}

export function useSendNow() {
  const services = useServices();
  return useScheduleAction(
    (id): Promise<ScheduleRun> =>
      services.http.post(services.serviceUrl('auth', `${PATH}/${id}/send-now`), {}),
  );
}

/** A schedule's runs, newest first. */
export function useScheduleRuns(id: number) {
  const services = useServices();
  return useQuery({
    queryKey: [...KEY, id, 'runs'],
    queryFn: ({ signal }): Promise<{ items: ScheduleRun[] }> =>
      services.http.get(services.serviceUrl('auth', `${PATH}/${id}/runs`), { signal }),
  });
}

/** Active administrators whose name holds `search`, for the recipients' picker. */
export function useRecipientOptions(search: string) {
  const services = useServices();
  return useQuery({
    queryKey: [...KEY, 'recipients', search],
    queryFn: ({ signal }): Promise<LookupResponse> =>
      services.http.get(
        services.serviceUrl('auth', `${PATH}/recipients?search=${encodeURIComponent(search)}`),
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}
