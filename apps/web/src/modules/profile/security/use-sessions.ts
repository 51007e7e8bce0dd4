import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/services-context';
import { useTranslation } from '../../../i18n/use-translation';
import { notifier } from '../../../notify/notifier';
import { endOtherSessions, endSession, getSessions, type SessionsOwner, sessionKeys } from './sessions-api';

/** Open sign-ins (one's own or another admin's), and ending one or all the others (then read again). */
export function useSessions(owner: SessionsOwner = 'own') {
  const services = useServices();
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const sessions = useQuery({
    queryKey: sessionKeys.of(owner),
    queryFn: ({ signal }) => getSessions(services, owner, signal),
  });
  const settle = (ended: number) => {
    notifier.notify('success', t('profile.sessions.ended', { count: ended }));
    void queryClient.invalidateQueries({ queryKey: sessionKeys.all });
  };
  const endOne = useMutation({
    mutationFn: (id: string) => endSession(services, owner, id),
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
