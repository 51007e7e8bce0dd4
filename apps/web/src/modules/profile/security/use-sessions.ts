import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../../app/services-context';
import { notifier } from '../../../notify/notifier';
import { endOtherSessions, endSession, getSessions, sessionKeys } from './sessions-api';

/** The admin's open sign-ins, and ending one or all the others (each then read again). */
export function useSessions() {
  const services = useServices();
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const sessions = useQuery({
    queryKey: sessionKeys.all,
    queryFn: ({ signal }) => getSessions(services, signal),
  });
  const settle = (ended: number) => {
    notifier.notify('success', t('profile.sessions.ended', { count: ended }));
    void queryClient.invalidateQueries({ queryKey: sessionKeys.all });
  };
  const endOne = useMutation({
    mutationFn: (id: string) => endSession(services, id),
    onSuccess: (answer) => settle(answer.ended),
    // Gone already (another tab ended it): the list shows what is left.
    onError: () => void queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
  const endOthers = useMutation({
    mutationFn: () => endOtherSessions(services),
    onSuccess: (answer) => settle(answer.ended),
  });
  return { sessions, endOne, endOthers };
}
