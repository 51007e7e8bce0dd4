import type { MfaStatus } from '@pult/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useServices } from '../../../app/services-context';
import { getMfaStatus, mfaKeys } from './mfa-api';

/** The admin's own second factor, as GET /admin/mfa tells it. */
export function useMfaStatus() {
  const services = useServices();
  return useQuery({ queryKey: mfaKeys.status, queryFn: ({ signal }) => getMfaStatus(services, signal) });
}

/**
 * Puts a known new state in place (an answer of the change itself, whole or the parts it changed)
 * and checks it with the server.
 */
export function useSetMfaStatus() {
  const queryClient = useQueryClient();
  return useCallback(
    (status: Partial<MfaStatus>) => {
      queryClient.setQueryData<MfaStatus>(mfaKeys.status, (current) =>
        current ? { ...current, ...status } : undefined,
      );
      void queryClient.invalidateQueries({ queryKey: mfaKeys.status });
    },
    [queryClient],
  );
}
