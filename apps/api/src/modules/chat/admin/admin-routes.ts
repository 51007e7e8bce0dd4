import {
  type ChannelAdmin,
  type ChannelUserAdmin,
  channelAdminSchema,
  channelDeleteQuerySchema,
  channelMessageAdminSchema,
  channelMessagesResource,
  channelsResource,
  channelUserAdminSchema,
  channelUserRoleSchema,
  channelUsersResource,
  type ListItemVersion,
  listResponseSchema,
  memberListSchema,
  type RecordConflict,
  recordConflictSchema,
  recordEtag,
} from '@pult/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { access } from '../../../access/route-access.js';
import type { Db } from '../../../db/database.js';
import { errors } from '../../../http/app-error.js';
import { auditSinkOf, diffRecords } from '../../../resources/audit-sink.js';
import { recordConflict } from '../../../resources/crud-routes.js';
import { registerCsvExport } from '../../../resources/export/csv-export-route.js';
import { walkList } from '../../../resources/export/list-walk.js';
import { listRequestOf } from '../../../resources/list-request.js';
import { runList } from '../../../resources/list-sql.js';
import { parseNumericId } from '../../../resources/record-id.js';
import {
  readWithVersion,
  recordVersions,
  type VersionCheck,
  VersionConflict,
  versionCheckOf,
} from '../../../resources/record-version.js';
import type { AuthApi, DirectoryUser, UserDirectory } from '../../auth/index.js';
import { lockChannel } from '../service/channel-access.js';
import type { ChannelService } from '../service/channel-service.js';
import { type EventSink, withEvents } from '../service/event-log.js';
import type { MessageService } from '../service/message-service.js';
import {
  type ChannelAdminRow,
  type ChannelUserRow,
  channelMessageSource,
  channelSource,
  channelUserSource,
} from './admin-sources.js';

export interface ChatAdminRouteDeps {
  db: Db;
  auth: AuthApi;
  sink: EventSink;
  channels: ChannelService;
  messages: MessageService;
}

const idParams = z.object({ id: z.string() });
const messageParams = z.object({ id: z.string(), messageId: z.string() });

function idOf(raw: string): number {
  const id = parseNumericId(raw);
  if (id === undefined) throw errors.notFound();
  return id;
}

/** "First Last <e-mail>", or the uid of an account that is gone. */
function personLabel(people: Map<string, DirectoryUser>, uid: string): string {
  const person = people.get(uid);
  if (!person) return uid;
  const name = `${person.first_name} ${person.last_name}`.trim();
  return name ? `${name} <${person.email}>` : person.email;
}

function shortName(people: Map<string, DirectoryUser>, uid: string): string {
  const person = people.get(uid);
  return person ? `${person.first_name} ${person.last_name}`.trim() || person.email : uid.slice(0, 8);
}

function channelLabel(
  people: Map<string, DirectoryUser>,
  row: Pick<ChannelAdminRow, 'id' | 'name' | 'url' | 'direct_key'>,
): string {
  if (row.direct_key) {
    const [a = '', b = ''] = row.direct_key.split(':');
    return `${shortName(people, a)} ↔ ${shortName(people, b)}`;
  }
  return row.name ? `${row.name} (${row.url})` : `#${row.id}`;
}

const directUids = (rows: readonly { direct_key: string | null }[]) =>
  rows.flatMap((row) => (row.direct_key ? row.direct_key.split(':') : []));

async function nameChannels(directory: UserDirectory, rows: ChannelAdminRow[]): Promise<ChannelAdmin[]> {
  const people = await directory.byUids([...rows.map((row) => row.created_by_uid), ...directUids(rows)]);
  return rows.map(({ direct_key: _key, ...row }) => ({
    ...row,
    label: channelLabel(people, { ...row, direct_key: _key }),
    display_name: _key ? channelLabel(people, { ...row, direct_key: _key }) : (row.name ?? ''),
    created_by_label: personLabel(people, row.created_by_uid),
    created_at: new Date(row.created_at).toISOString(),
    last_message_at: row.last_message_at ? new Date(row.last_message_at).toISOString() : null,
  }));
}

async function nameMemberships(
  directory: UserDirectory,
  rows: Array<ChannelUserRow & ListItemVersion>,
): Promise<Array<ChannelUserAdmin & ListItemVersion>> {
  const people = await directory.byUids([...rows.map((row) => row.user_uid), ...directUids(rows)]);
  return rows.map((row) => ({
    id: row.id,
    // A list row's version (a delete from the row sends it); a record read alone has it in `ETag`.
    ...(row.version === undefined ? {} : { version: row.version }),
    channel_id: row.channel_id,
    channel_label: channelLabel(people, {
      id: row.channel_id,
      name: row.channel_name,
      url: row.channel_url,
      direct_key: row.direct_key,
    }),
    channel_type: row.direct_key ? ('direct' as const) : ('group' as const),
    user_uid: row.user_uid,
    user_label: personLabel(people, row.user_uid),
    role: row.role,
    joined_at: new Date(row.joined_at).toISOString(),
  }));
}

/** Names the panel shows beside the ids (members, channels, senders), for field grants. */
const MEMBERSHIP_NAMES = ['channel_label', 'channel_type', 'user_label'];
const CHANNEL_NAMES = ['label', 'display_name', 'created_by_label'];
const MESSAGE_NAMES = ['sender_label', 'deleted'];

/** The administration of the chat: memberships (`/admin/channel-users`) and channels with moderation. */
export const chatAdminRoutes: FastifyPluginAsyncZod<ChatAdminRouteDeps> = async (app, deps) => {
  const { db, channels, messages } = deps;
  const directory = deps.auth.directory;
  const audit = auditSinkOf(app);

  const membershipById = async (id: number) => {
    const row = await sql<ChannelUserRow>`select cu.id, cu.channel_id, cu.user_uid::text as user_uid, cu.role,
        cu.joined_at, c.name as channel_name, c.url as channel_url, c.direct_key
      from chat_channel_users cu join chat_channels c on c.id = cu.channel_id where cu.id = ${id}`.execute(
      db,
    );
    const found = row.rows[0];
    if (!found) throw errors.notFound();
    return found;
  };
  const channelById = async (id: number) => {
    const row =
      await sql<ChannelAdminRow>`select id, type, name, url, direct_key, created_by_uid::text as created_by_uid,
        created_at, member_count, message_count, last_message_at from chat_channels where id = ${id}`.execute(
        db,
      );
    const found = row.rows[0];
    if (!found) throw errors.notFound();
    return found;
  };

  async function nameMessages<Row extends { sender_uid: string; created_at: string | Date }>(rows: Row[]) {
    const people = await directory.byUids(rows.map((row) => row.sender_uid));
    return rows.map((row) => ({
      ...row,
      sender_label: personLabel(people, row.sender_uid),
      created_at: new Date(row.created_at).toISOString(),
    }));
  }

  const usersPath = channelUsersResource.path;
  // A membership's version is its row's xmin (docs/architecture.md, "Record versions"): the role form
  // reads it with the record and saves or deletes with `If-Match`.
  const membershipVersions = recordVersions(db, { table: 'chat_channel_users', key: 'id' });
  const namedMembership = async (id: number, reply: FastifyReply) => {
    const { item: row, version } = await readWithVersion(membershipVersions, id, () => membershipById(id));
    const [item] = await nameMemberships(directory, [row as ChannelUserRow]);
    if (version !== undefined) reply.header('etag', recordEtag(version));
    return item as ChannelUserAdmin;
  };
  /** Runs a change under the request's `If-Match`: 412 with the membership as it is now when stale. */
  const atVersion = async (
    request: FastifyRequest,
    reply: FastifyReply,
    id: number,
    change: (version: VersionCheck) => Promise<unknown>,
  ): Promise<{ version: VersionCheck } | { conflict: RecordConflict<ChannelUserAdmin> }> => {
    const version = versionCheckOf(request.headers['if-match']);
    try {
      await change(version);
    } catch (error) {
      if (!(error instanceof VersionConflict)) throw error;
      const current = await namedMembership(id, reply);
      reply.status(412);
      return { conflict: recordConflict(request, current) };
    }
    return { version };
  };
  const membershipConflict = recordConflictSchema(channelUserAdminSchema.partial());
  app.get(
    usersPath,
    {
      config: { access: access.to(channelUsersResource, 'list', { readable: MEMBERSHIP_NAMES }) },
      schema: { response: { 200: listResponseSchema(channelUserAdminSchema.partial()) } },
    },
    async (request) => {
      const list = await runList(db, channelUserSource, listRequestOf(request, channelUsersResource));
      return { ...list, items: await nameMemberships(directory, list.items) };
    },
  );

  registerCsvExport(app, {
    descriptor: channelUsersResource,
    readable: MEMBERSHIP_NAMES,
    rows: async function* (request) {
      for await (const rows of walkList(db, channelUserSource, request))
        yield nameMemberships(directory, rows);
    },
  });

  app.get(
    `${usersPath}/:id`,
    {
      config: {
        access: access.to(channelUsersResource, 'read', { scoped: false, readable: MEMBERSHIP_NAMES }),
      },
      schema: { params: idParams, response: { 200: channelUserAdminSchema.partial() } },
    },
    async (request, reply) => namedMembership(idOf(request.params.id), reply),
  );

  app.put(
    `${usersPath}/:id`,
    {
      config: { access: access.to(channelUsersResource, 'update', { scoped: false, fields: null }) },
      schema: {
        params: idParams,
        body: channelUserRoleSchema,
        response: { 200: channelUserAdminSchema, 412: membershipConflict },
      },
    },
    async (request, reply) => {
      const id = idOf(request.params.id);
      const row = await membershipById(id);
      const outcome = await atVersion(request, reply, id, (version) =>
        channels.setRole(row.channel_id, undefined, row.user_uid, request.body.role, version),
      );
      if ('conflict' in outcome) return outcome.conflict;
      // The version the change left, or the one the record keeps when the role was already that.
      const item = await namedMembership(id, reply);
      if (outcome.version.written !== undefined) reply.header('etag', recordEtag(outcome.version.written));
      await audit.record(request, {
        action: 'update',
        resource: channelUsersResource.name,
        recordId: id,
        changes: diffRecords({ role: row.role }, { role: request.body.role }),
      });
      return item as ChannelUserAdmin;
    },
  );

  app.delete(
    `${usersPath}/:id`,
    {
      config: { access: access.to(channelUsersResource, 'delete', { scoped: false }) },
      schema: { params: idParams, response: { 200: channelUserAdminSchema, 412: membershipConflict } },
    },
    async (request, reply) => {
      const row = await membershipById(idOf(request.params.id));
      const outcome = await atVersion(request, reply, row.id, (version) =>
        channels.removeMember(row.channel_id, undefined, row.user_uid, version),
      );
      if ('conflict' in outcome) return outcome.conflict;
      const [item] = await nameMemberships(directory, [row]);
      await audit.record(request, {
        action: 'delete',
        resource: channelUsersResource.name,
        recordId: row.id,
        changes: diffRecords(item as ChannelUserAdmin, {}),
      });
      return item as ChannelUserAdmin;
    },
  );

  const channelsPath = channelsResource.path;
  app.get(
    channelsPath,
    {
      config: { access: access.to(channelsResource, 'list', { readable: CHANNEL_NAMES }) },
      schema: { response: { 200: listResponseSchema(channelAdminSchema.partial()) } },
    },
    async (request) => {
      const list = await runList(db, channelSource, listRequestOf(request, channelsResource));
      return { ...list, items: await nameChannels(directory, list.items) };
    },
  );

  registerCsvExport(app, {
    descriptor: channelsResource,
    readable: CHANNEL_NAMES,
    rows: async function* (request) {
      for await (const rows of walkList(db, channelSource, request)) yield nameChannels(directory, rows);
    },
  });

  app.get(
    `${channelsPath}/:id`,
    {
      config: { access: access.to(channelsResource, 'read', { scoped: false, readable: CHANNEL_NAMES }) },
      schema: { params: idParams, response: { 200: channelAdminSchema.partial() } },
    },
    async (request) => {
      const [item] = await nameChannels(directory, [await channelById(idOf(request.params.id))]);
      return item as ChannelAdmin;
    },
  );

  app.get(
    `${channelsPath}/:id/members`,
    {
      config: { access: access.to(channelsResource, 'read', { scoped: false, mask: null, fields: null }) },
      schema: { params: idParams, response: { 200: memberListSchema } },
    },
    async (request) => {
      const channel = await channelById(idOf(request.params.id));
      return { items: await channels.members(channel.id, undefined) };
    },
  );

  /** Deleting a channel that holds messages or members needs the counts the administrator was shown. */
  app.delete(
    `${channelsPath}/:id`,
    {
      config: { access: access.to(channelsResource, 'delete', { scoped: false }) },
      schema: {
        params: idParams,
        querystring: channelDeleteQuerySchema,
        response: { 200: channelAdminSchema },
      },
    },
    async (request) => {
      const id = idOf(request.params.id);
      const [item] = await nameChannels(directory, [await channelById(id)]);
      await withEvents(db, deps.sink, async (trx, emit) => {
        const channel = await lockChannel(trx, id);
        const confirmed =
          request.query.confirm_messages === channel.message_count &&
          request.query.confirm_members === channel.member_count;
        if ((channel.message_count > 0 || channel.member_count > 0) && !confirmed) {
          throw errors.unprocessable('channelDeleteConfirm', {
            messages: channel.message_count,
            members: channel.member_count,
          });
        }
        await emit(id, 'channel.deleted', {});
        await trx.deleteFrom('chat_channels').where('id', '=', id).execute();
      });
      await audit.record(request, {
        action: 'delete',
        resource: channelsResource.name,
        recordId: id,
        changes: diffRecords(item as ChannelAdmin, {}),
      });
      return item as ChannelAdmin;
    },
  );

  app.get(
    `${channelsPath}/:id/messages`,
    {
      config: { access: access.to(channelMessagesResource(0), 'list', { readable: MESSAGE_NAMES }) },
      schema: {
        params: idParams,
        response: { 200: listResponseSchema(channelMessageAdminSchema.partial()) },
      },
    },
    async (request) => {
      const channel = await channelById(idOf(request.params.id));
      const list = await runList(
        db,
        channelMessageSource(channel.id),
        listRequestOf(request, channelMessagesResource(channel.id)),
      );
      return { ...list, items: await nameMessages(list.items) };
    },
  );

  // One channel's messages: the grammar and columns are the same for every channel, the rows its own.
  registerCsvExport(app, {
    descriptor: channelMessagesResource(0),
    path: `${channelsPath}/:id/messages`,
    readable: MESSAGE_NAMES,
    rows: async function* (request, _locale, httpRequest) {
      const { id } = httpRequest.params as { id: string };
      const channel = await channelById(idOf(id));
      for await (const rows of walkList(db, channelMessageSource(channel.id), request)) {
        yield nameMessages(rows);
      }
    },
  });

  app.delete(
    `${channelsPath}/:id/messages/:messageId`,
    {
      config: { access: access.to(channelMessagesResource(0), 'delete', { scoped: false }) },
      schema: { params: messageParams, response: { 200: channelMessageAdminSchema } },
    },
    async (request) => {
      const channelId = idOf(request.params.id);
      const message = await messages.deleteForEveryone(channelId, idOf(request.params.messageId), undefined);
      await audit.record(request, {
        action: 'action',
        resource: channelsResource.name,
        recordId: channelId,
        detail: { name: 'deleteMessageForEveryone', message_id: message.id, seq: message.seq },
      });
      const people = await directory.byUids([message.sender_uid]);
      return {
        id: message.id,
        seq: message.seq,
        sender_uid: message.sender_uid,
        sender_label: personLabel(people, message.sender_uid),
        peer_id: message.peer_id,
        body: message.body,
        created_at: message.created_at,
        deleted: message.deleted,
        deleted_by_sender: message.deleted_by_sender,
        deleted_by_recipient: message.deleted_by_recipient,
      };
    },
  );
};
