import type { Channel, ChannelCreate, ChannelMember, ChannelRole } from '@pult/contract';
import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';
import { errors } from '../../../http/app-error.js';
import { lockAtVersion, readVersion, type VersionCheck } from '../../../resources/record-version.js';
import type { UserDirectory } from '../../auth/index.js';
import {
  type ChannelRow,
  findMembership,
  lockChannel,
  type MembershipRow,
  otherAdminCount,
  peerOf,
  requireMembership,
  requireRole,
} from './channel-access.js';
import { type EventSink, type Trx, withEvents } from './event-log.js';
import { type MessageRow, toMessage } from './message-rows.js';

const ACTIVE = 1;
/** A membership's row: its `xmin` is the version the admin screens answer (`If-Match`). */
const MEMBERSHIP_ROW = { table: 'chat_channel_users', key: 'id' };
type Emit = Parameters<Parameters<typeof withEvents>[2]>[1];

interface MyChannelRow extends ChannelRow {
  role: ChannelRole;
  last_read_seq: number;
  unread_count: number;
  last_message: MessageRow | null;
}

/** Channels and their members, for platform users; the admin screens reuse the member changes. */
export function createChannelService(db: Db, sink: EventSink, directory: UserDirectory) {
  async function requireActiveUser(uid: string, error: 'peerNotFound' | 'memberNotFound', field: string) {
    const user = await directory.byUid(uid);
    if (!user || user.status !== ACTIVE) throw errors.fields({ [field]: error });
    return user;
  }

  async function addMembership(trx: Trx, emit: Emit, channelId: number, userUid: string, role: ChannelRole) {
    const inserted = await trx
      .insertInto('chat_channel_users')
      .values({ channel_id: channelId, user_uid: userUid, role })
      .onConflict((oc) => oc.columns(['channel_id', 'user_uid']).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!inserted) return undefined;
    await trx
      .updateTable('chat_channels')
      .set((eb) => ({ member_count: eb('member_count', '+', 1) }))
      .where('id', '=', channelId)
      .execute();
    await emit(channelId, 'member.added', { user_uid: userUid, role });
    return inserted;
  }

  async function dropMembership(trx: Trx, emit: Emit, membership: MembershipRow, reason: 'left' | 'removed') {
    await trx.deleteFrom('chat_channel_users').where('id', '=', membership.id).execute();
    await trx
      .updateTable('chat_channels')
      .set((eb) => ({ member_count: eb('member_count', '-', 1) }))
      .where('id', '=', membership.channel_id)
      .execute();
    await emit(membership.channel_id, 'member.removed', { user_uid: String(membership.user_uid), reason });
  }

  async function create(
    creatorUid: string,
    input: ChannelCreate,
  ): Promise<{ channel: Channel; created: boolean }> {
    if (input.type === 'direct') return createDirect(creatorUid, input.peer_id);
    const others = [...new Set(input.member_uids ?? [])].filter((uid) => uid !== creatorUid);
    const known = await directory.byUids(others);
    const missing = others.find((uid) => known.get(uid)?.status !== ACTIVE);
    if (missing) throw errors.fields({ member_uids: 'memberNotFound' });
    const id = await withEvents(db, sink, async (trx, emit) => {
      const row = await trx
        .insertInto('chat_channels')
        .values({ type: 'group', name: input.name, url: input.url, created_by_uid: creatorUid })
        .onConflict((oc) => oc.column('url').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!row) throw errors.fields({ url: 'channelUrlTaken' });
      await addMembership(trx, emit, row.id, creatorUid, 'admin');
      for (const uid of others) await addMembership(trx, emit, row.id, uid, 'user');
      return row.id;
    });
    return { channel: await getMine(id, creatorUid), created: true };
  }

  /** One direct channel per pair: whoever comes second (even at the same moment) gets the first's. */
  async function createDirect(creatorUid: string, peerUid: string) {
    if (peerUid === creatorUid) throw errors.fields({ peer_id: 'peerIsSelf' });
    await requireActiveUser(peerUid, 'peerNotFound', 'peer_id');
    const key = [creatorUid, peerUid].sort().join(':');
    const { id, created } = await withEvents(db, sink, async (trx, emit) => {
      const inserted = await trx
        .insertInto('chat_channels')
        .values({ type: 'direct', direct_key: key, created_by_uid: creatorUid })
        .onConflict((oc) => oc.column('direct_key').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (inserted) {
        await addMembership(trx, emit, inserted.id, creatorUid, 'admin');
        await addMembership(trx, emit, inserted.id, peerUid, 'admin');
        return { id: inserted.id, created: true };
      }
      const existing = await trx
        .selectFrom('chat_channels')
        .select('id')
        .where('direct_key', '=', key)
        .executeTakeFirstOrThrow();
      await lockChannel(trx, existing.id);
      // Someone who left a direct channel comes back to it by opening it again.
      await addMembership(trx, emit, existing.id, creatorUid, 'admin');
      return { id: existing.id, created: false };
    });
    return { channel: await getMine(id, creatorUid), created };
  }

  async function listMine(userUid: string, channelId?: number): Promise<Channel[]> {
    const rows = await sql<MyChannelRow>`
      select c.*, cu.role, cu.last_read_seq,
        (select count(*)::int from chat_messages m
          where m.channel_id = c.id and m.seq > cu.last_read_seq and m.sender_uid <> cu.user_uid
            and m.deleted_at is null) as unread_count,
        (select to_jsonb(m) from chat_messages m
          where m.channel_id = c.id
            and not (m.sender_uid = cu.user_uid and m.deleted_by_sender)
            and not (m.peer_id is not null and m.peer_id = cu.user_uid and m.deleted_by_recipient)
            and not exists (select 1 from chat_hidden_messages h where h.message_id = m.id and h.user_uid = cu.user_uid)
          order by m.seq desc limit 1) as last_message
      from chat_channel_users cu
      join chat_channels c on c.id = cu.channel_id
      where cu.user_uid = ${userUid}::uuid ${channelId === undefined ? sql`` : sql`and c.id = ${channelId}`}
      order by coalesce(c.last_message_at, c.created_at) desc, c.id desc`.execute(db);
    return rows.rows.map((row) => toChannel(row, userUid));
  }

  async function getMine(channelId: number, userUid: string): Promise<Channel> {
    await requireMembership(db, channelId, userUid);
    const [channel] = await listMine(userUid, channelId);
    if (!channel) throw errors.notFound();
    return channel;
  }

  async function members(channelId: number, userUid: string | undefined): Promise<ChannelMember[]> {
    if (userUid !== undefined) await requireMembership(db, channelId, userUid);
    const rows = await db
      .selectFrom('chat_channel_users')
      .selectAll()
      .where('channel_id', '=', channelId)
      .orderBy('joined_at')
      .orderBy('id')
      .execute();
    const people = await directory.byUids(rows.map((row) => String(row.user_uid)));
    return rows.map((row) => {
      const person = people.get(String(row.user_uid));
      return {
        chat_channel_user_id: row.id,
        channel_id: row.channel_id,
        user_uid: String(row.user_uid),
        role: row.role,
        joined_at: new Date(row.joined_at).toISOString(),
        first_name: person?.first_name ?? null,
        last_name: person?.last_name ?? null,
      };
    });
  }

  /** The caller must be an admin of a group channel (undefined actor: a panel administrator). */
  async function authorise(trx: Trx, channelId: number, actorUid: string | undefined) {
    const channel = await lockChannel(trx, channelId);
    if (actorUid !== undefined) {
      const membership = await requireMembership(trx, channelId, actorUid);
      requireRole(membership, ['admin'], 'channelAdminOnly');
    }
    if (channel.type === 'direct') throw errors.unprocessable('directChannelFixed');
    return channel;
  }

  async function requireMemberOf(trx: Trx, channelId: number, uid: string) {
    const membership = await findMembership(trx, channelId, uid);
    if (!membership) throw errors.notFound('notMember');
    return membership;
  }

  async function addMember(channelId: number, actorUid: string, userUid: string, role: ChannelRole = 'user') {
    // Before the transaction: the directory reads on its own connection (PGlite has only one).
    const user = await directory.byUid(userUid);
    await withEvents(db, sink, async (trx, emit) => {
      await authorise(trx, channelId, actorUid);
      if (!user || user.status !== ACTIVE) throw errors.fields({ user_uid: 'memberNotFound' });
      const added = await addMembership(trx, emit, channelId, userUid, role);
      if (!added) throw errors.fields({ user_uid: 'alreadyMember' });
    });
    return members(channelId, undefined);
  }

  /** Changes a member's role; the channel keeps at least one admin. */
  async function setRole(
    channelId: number,
    actorUid: string | undefined,
    userUid: string,
    role: ChannelRole,
    version?: VersionCheck,
  ) {
    return withEvents(db, sink, async (trx, emit) => {
      await authorise(trx, channelId, actorUid);
      const membership = await requireMemberOf(trx, channelId, userUid);
      await lockAtVersion(trx, MEMBERSHIP_ROW, membership.id, version);
      if (membership.role === role) return membership;
      if (membership.role === 'admin' && (await otherAdminCount(trx, channelId, userUid)) === 0) {
        throw errors.unprocessable('lastChannelAdmin');
      }
      const updated = await trx
        .updateTable('chat_channel_users')
        .set({ role })
        .where('id', '=', membership.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await emit(channelId, 'member.role_changed', {
        user_uid: userUid,
        role,
        previous_role: membership.role,
      });
      if (version) version.written = await readVersion(trx, MEMBERSHIP_ROW, membership.id);
      return updated;
    });
  }

  /** Removes a member; the last admin goes only with the channel's last member. */
  async function removeMember(
    channelId: number,
    actorUid: string | undefined,
    userUid: string,
    version?: VersionCheck,
  ) {
    return withEvents(db, sink, async (trx, emit) => {
      const channel = await authorise(trx, channelId, actorUid);
      const membership = await requireMemberOf(trx, channelId, userUid);
      await lockAtVersion(trx, MEMBERSHIP_ROW, membership.id, version);
      await guardLastAdmin(trx, channel, membership);
      await dropMembership(trx, emit, membership, 'removed');
      return membership;
    });
  }

  async function guardLastAdmin(trx: Trx, channel: ChannelRow, membership: MembershipRow) {
    if (membership.role !== 'admin' || channel.member_count <= 1) return;
    if ((await otherAdminCount(trx, channel.id, String(membership.user_uid))) === 0) {
      throw errors.unprocessable('lastChannelAdmin');
    }
  }

  /** The caller leaves; the last admin of a group names a successor among the members. */
  async function leave(channelId: number, userUid: string, successorUid: string | undefined) {
    await withEvents(db, sink, async (trx, emit) => {
      const channel = await lockChannel(trx, channelId);
      const membership = await requireMembership(trx, channelId, userUid);
      if (successorUid !== undefined && membership.role === 'admin' && channel.type === 'group') {
        const successor = await findMembership(trx, channelId, successorUid);
        if (!successor || successorUid === userUid)
          throw errors.fields({ successor_uid: 'successorNotMember' });
        if (successor.role !== 'admin') {
          await trx
            .updateTable('chat_channel_users')
            .set({ role: 'admin' })
            .where('id', '=', successor.id)
            .execute();
          await emit(channelId, 'member.role_changed', {
            user_uid: successorUid,
            role: 'admin',
            previous_role: successor.role,
          });
        }
      } else if (channel.type === 'group') {
        await guardLastAdmin(trx, channel, membership);
      }
      await dropMembership(trx, emit, membership, 'left');
    });
  }

  return { create, listMine, getMine, members, addMember, setRole, removeMember, leave };
}

export type ChannelService = ReturnType<typeof createChannelService>;

function toChannel(row: MyChannelRow, userUid: string): Channel {
  const last = row.last_message;
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    url: row.url,
    created_by_uid: String(row.created_by_uid),
    created_at: new Date(row.created_at).toISOString(),
    last_seq: Number(row.last_seq),
    member_count: row.member_count,
    role: row.role,
    peer_id: peerOf(row, userUid),
    unread_count: Number(row.unread_count),
    last_message: last
      ? toMessage({
          ...last,
          id: Number(last.id),
          channel_id: Number(last.channel_id),
          seq: Number(last.seq),
        })
      : null,
  };
}
