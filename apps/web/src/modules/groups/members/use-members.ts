import type { GroupMember } from '@pult/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/services-context';
import { isHttpError, serverMessage } from '../../../http/http-error';
import { useTranslation } from '../../../i18n/use-translation';
import { notifier } from '../../../notify/notifier';
import { changeMember, fetchMembers, groupKeys } from '../groups-api';

/**
 * A group's members, and adding or removing one. The server's answer is the new member list; its
 * refusals (escalation, the last superadmin, one's own groups) are shown as it words them.
 */
export function useMembers(groupId: number) {
  const services = useServices();
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const key = groupKeys.members(groupId);
  const members = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchMembers(services, groupId, signal),
  });
  const change = useMutation({
    mutationFn: ({ method, adminId }: { method: 'put' | 'delete'; adminId: number }) =>
      changeMember(services, method, groupId, adminId),
    onSuccess: (items: GroupMember[], { method }) => {
      queryClient.setQueryData(key, items);
      notifier.notify('success', t(method === 'put' ? 'groups.members.added' : 'groups.members.removed'));
    },
    onError: (error) => {
      // A 403 (with the server's text) has been announced by the HTTP client.
      if (isHttpError(error) && error.status === 403) return;
      const message = isHttpError(error) && error.status < 500 ? serverMessage(error.body) : null;
      notifier.notify('error', message ?? t('common.saveError'));
    },
    // Counts on the list and the admins' own records changed too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['resource'] }),
  });
  return { members, change };
}
