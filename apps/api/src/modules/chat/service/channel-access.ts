import type { ChannelRole } from '@pult/contract';
import type { Selectable } from 'kysely';
import type { Executor } from '../../../db/database.js';
import { errors } from '../../../http/app-error.js';
import type { ChatChannelsTable, ChatChannelUsersTable } from '../tables.js';
import type { Trx } from './event-log.js';

export type ChannelRow = Selectable<ChatChannelsTable>;
export type MembershipRow = Selectable<ChatChannelUsersTable>;

/** The channel's row, locked until commit: membership changes of one channel happen one at a time. */
export async function lockChannel(trx: Trx, channelId: number): Promise<ChannelRow> {
  const channel = await trx
    .selectFrom('chat_channels')
    .selectAll()
    .where('id', '=', channelId)
    .forUpdate()
    .executeTakeFirst();
  if (!channel) throw errors.notFound();
  return channel;
}

export function findMembership(
  executor: Executor,
  channelId: number,
  userUid: string,
): Promise<MembershipRow | undefined> {
  return executor
    .selectFrom('chat_channel_users')
    .selectAll()
    .where('channel_id', '=', channelId)
    .where('user_uid', '=', userUid)
    .executeTakeFirst();
}

/** The caller's membership: 404 for a channel that does not exist, 403 for one they are not in. */
export async function requireMembership(
  executor: Executor,
  channelId: number,
  userUid: string,
): Promise<MembershipRow> {
  const membership = await findMembership(executor, channelId, userUid);
  if (membership) return membership;
  const exists = await executor
    .selectFrom('chat_channels')
    .select('id')
    .where('id', '=', channelId)
    .executeTakeFirst();
  if (!exists) throw errors.notFound();
  throw errors.forbidden('notChannelMember');
}

export function requireRole(
  membership: MembershipRow,
  roles: readonly ChannelRole[],
  error: 'channelAdminOnly' | 'messageDeleteForbidden',
) {
  if (!roles.includes(membership.role)) throw errors.forbidden(error);
}

/** Admins of the channel other than `exceptUid`: the last one may not go without a successor. */
export async function otherAdminCount(trx: Trx, channelId: number, exceptUid: string): Promise<number> {
  const row = await trx
    .selectFrom('chat_channel_users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('channel_id', '=', channelId)
    .where('role', '=', 'admin')
    .where('user_uid', '<>', exceptUid)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A direct channel's other member, from its key of both uids. */
export function peerOf(channel: Pick<ChannelRow, 'direct_key'>, userUid: string): string | null {
  if (!channel.direct_key) return null;
  const [a, b] = channel.direct_key.split(':');
  return a === userUid ? (b ?? null) : (a ?? null);
}
