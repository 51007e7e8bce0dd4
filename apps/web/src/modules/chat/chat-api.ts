import type {
  ChannelAdmin,
  ChannelMember,
  ChannelMessageAdmin,
  ChannelRole,
  ChannelUserAdmin,
} from '@pult/contract';
import type { Services } from '../../app/services';

/** The chat service's administration calls that the generic resource calls do not cover. */
const url = (services: Services, path: string) => services.serviceUrl('chat', path);

export const chatKeys = {
  channel: (id: number) => ['chat', 'channel', id] as const,
  members: (id: number) => ['chat', 'channel', id, 'members'] as const,
};

export function setMembershipRole(
  services: Services,
  id: number,
  role: ChannelRole,
): Promise<ChannelUserAdmin> {
  return services.http.put(url(services, `/admin/channel-users/${id}`), { role });
}

export function removeMembership(services: Services, id: number): Promise<ChannelUserAdmin> {
  return services.http.delete(url(services, `/admin/channel-users/${id}`));
}

export function fetchChannel(services: Services, id: number): Promise<ChannelAdmin> {
  return services.http.get(url(services, `/admin/channels/${id}`));
}

export function fetchChannelMembers(services: Services, id: number): Promise<{ items: ChannelMember[] }> {
  return services.http.get(url(services, `/admin/channels/${id}/members`));
}

/** Deletes a channel; the request confirms the counts the administrator was shown. */
export function deleteChannel(
  services: Services,
  channel: Pick<ChannelAdmin, 'id' | 'message_count' | 'member_count'>,
): Promise<ChannelAdmin> {
  return services.http.delete(url(services, `/admin/channels/${channel.id}`), {
    query: { confirm_messages: channel.message_count, confirm_members: channel.member_count },
  });
}

export function deleteMessageForEveryone(
  services: Services,
  channelId: number,
  messageId: number,
): Promise<ChannelMessageAdmin> {
  return services.http.delete(url(services, `/admin/channels/${channelId}/messages/${messageId}`));
}
