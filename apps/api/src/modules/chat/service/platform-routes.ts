import {
  channelCreateSchema,
  channelListSchema,
  channelSchema,
  chatMessageSchema,
  leaveSchema,
  markReadSchema,
  memberAddSchema,
  memberListSchema,
  messageCreateSchema,
  messageDeleteQuerySchema,
  messagePageQuerySchema,
  messagePageSchema,
  roleUpdateSchema,
} from '@pult/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../../access/route-access.js';

/** Every route here is a platform user's, checked by the auth service's user guard. */
const PLATFORM = { access: access.platform };

import { z } from 'zod';
import { errors } from '../../../http/app-error.js';
import { parseNumericId } from '../../../resources/record-id.js';
import { type AuthApi, currentUser } from '../../auth/index.js';
import type { ChannelService } from './channel-service.js';
import type { MessageService } from './message-service.js';

export interface PlatformChatRouteDeps {
  auth: AuthApi;
  channels: ChannelService;
  messages: MessageService;
}

const channelParams = z.object({ id: z.string() });
const memberParams = z.object({ id: z.string(), uid: z.string() });
const messageParams = z.object({ id: z.string(), messageId: z.string() });
const okSchema = z.object({ ok: z.literal(true) });

function idOf(raw: string): number {
  const id = parseNumericId(raw);
  if (id === undefined) throw errors.notFound();
  return id;
}

function uidOf(raw: string): string {
  const uid = raw.toLowerCase();
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(uid))
    throw errors.notFound('notMember');
  return uid;
}

/** The platform users' chat API (`/channels…`), each call as the signed-in user. */
export const platformChatRoutes: FastifyPluginAsyncZod<PlatformChatRouteDeps> = async (app, deps) => {
  const { channels, messages } = deps;
  app.addHook('onRequest', deps.auth.requireUser);
  const me = (request: Parameters<typeof currentUser>[0]) => currentUser(request).uid;

  app.post(
    '/channels',
    {
      config: PLATFORM,
      schema: { body: channelCreateSchema, response: { 200: channelSchema, 201: channelSchema } },
    },
    async (request, reply) => {
      const { channel, created } = await channels.create(me(request), request.body);
      reply.status(created ? 201 : 200);
      return channel;
    },
  );

  app.get(
    '/channels',
    { config: PLATFORM, schema: { response: { 200: channelListSchema } } },
    async (request) => ({
      items: await channels.listMine(me(request)),
    }),
  );

  app.get(
    '/channels/:id',
    { config: PLATFORM, schema: { params: channelParams, response: { 200: channelSchema } } },
    async (request) => channels.getMine(idOf(request.params.id), me(request)),
  );

  app.post(
    '/channels/:id/leave',
    {
      config: PLATFORM,
      schema: { params: channelParams, body: leaveSchema.optional(), response: { 200: okSchema } },
    },
    async (request) => {
      await channels.leave(idOf(request.params.id), me(request), request.body?.successor_uid);
      return { ok: true as const };
    },
  );

  app.get(
    '/channels/:id/members',
    { config: PLATFORM, schema: { params: channelParams, response: { 200: memberListSchema } } },
    async (request) => ({ items: await channels.members(idOf(request.params.id), me(request)) }),
  );

  app.post(
    '/channels/:id/members',
    {
      config: PLATFORM,
      schema: { params: channelParams, body: memberAddSchema, response: { 201: memberListSchema } },
    },
    async (request, reply) => {
      const items = await channels.addMember(
        idOf(request.params.id),
        me(request),
        request.body.user_uid,
        request.body.role,
      );
      reply.status(201);
      return { items };
    },
  );

  app.put(
    '/channels/:id/members/:uid',
    {
      config: PLATFORM,
      schema: { params: memberParams, body: roleUpdateSchema, response: { 200: memberListSchema } },
    },
    async (request) => {
      const channelId = idOf(request.params.id);
      await channels.setRole(channelId, me(request), uidOf(request.params.uid), request.body.role);
      return { items: await channels.members(channelId, undefined) };
    },
  );

  app.delete(
    '/channels/:id/members/:uid',
    { config: PLATFORM, schema: { params: memberParams, response: { 200: memberListSchema } } },
    async (request) => {
      const channelId = idOf(request.params.id);
      await channels.removeMember(channelId, me(request), uidOf(request.params.uid));
      return { items: await channels.members(channelId, undefined) };
    },
  );

  app.post(
    '/channels/:id/messages',
    {
      config: PLATFORM,
      schema: {
        params: channelParams,
        body: messageCreateSchema,
        response: { 200: chatMessageSchema, 201: chatMessageSchema },
      },
    },
    async (request, reply) => {
      const { message, created } = await messages.post(
        idOf(request.params.id),
        me(request),
        request.body.body,
        request.body.client_id,
      );
      reply.status(created ? 201 : 200);
      return message;
    },
  );

  app.get(
    '/channels/:id/messages',
    {
      config: PLATFORM,
      schema: {
        params: channelParams,
        querystring: messagePageQuerySchema,
        response: { 200: messagePageSchema },
      },
    },
    async (request) =>
      messages.page(idOf(request.params.id), me(request), request.query.before, request.query.limit),
  );

  app.delete(
    '/channels/:id/messages/:messageId',
    {
      config: PLATFORM,
      schema: {
        params: messageParams,
        querystring: messageDeleteQuerySchema,
        response: { 200: chatMessageSchema },
      },
    },
    async (request) => {
      const channelId = idOf(request.params.id);
      const messageId = idOf(request.params.messageId);
      return request.query.scope === 'everyone'
        ? messages.deleteForEveryone(channelId, messageId, me(request))
        : messages.deleteForMe(channelId, messageId, me(request));
    },
  );

  app.post(
    '/channels/:id/read',
    {
      config: PLATFORM,
      schema: {
        params: channelParams,
        body: markReadSchema,
        response: { 200: z.object({ last_read_seq: z.number() }) },
      },
    },
    async (request) => messages.markRead(idOf(request.params.id), me(request), request.body.seq),
  );
};
