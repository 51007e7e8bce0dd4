import { emailQueueResource, sendRequestSchema, sendResponseSchema } from '@pult/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentAdminId } from '../../../access/request-access.js';
import { access } from '../../../access/route-access.js';
import type { Db, Executor } from '../../../db/database.js';
import { errors } from '../../../http/app-error.js';
import { type AuthApi, hasApiKey } from '../../auth/index.js';
import type { EmailQueue } from '../email-queue.js';
import { composeAndQueueAll } from './compose.js';
import type { IdempotencyKeys } from './idempotency.js';
import { resolveChannelRecipients } from './recipient.js';

export interface SendRouteDeps {
  db: Db;
  auth: AuthApi;
  queue: EmailQueue;
  keys: IdempotencyKeys;
  wake: () => void;
  /** The push configuration a template would use (its own, else the default). */
  pushConfig: (id: number | null) => Promise<{ provider: string } | undefined>;
}

/** Whose idempotency keys these are: a service's key and an administrator's never collide. */
function scopeOf(request: FastifyRequest): string {
  return request.callerService ? `service:${request.callerService}` : `admin:${currentAdminId(request)}`;
}

/** `POST /send`: the platform's services (their `X-Api-Key`) or an administrator queue a templated e-mail. */
export const sendRoutes: FastifyPluginAsyncZod<SendRouteDeps> = async (app, deps) => {
  const serviceKey = deps.auth.requireServiceKey('notification');
  app.post(
    '/send',
    {
      // An administrator needs the queue's `send`; a service's key is checked by its own guard. Both
      // before the body: a caller without credentials hears 401 before anything about it.
      config: { access: access.to(emailQueueResource, 'email-queue.send', { exemptWhen: hasApiKey }) },
      onRequest: async (request) => {
        if (hasApiKey(request)) await serviceKey(request);
      },
      schema: { body: sendRequestSchema, response: { 200: sendResponseSchema, 202: sendResponseSchema } },
    },
    async (request, reply) => {
      const body = request.body;
      const template = await deps.db
        .selectFrom('notification_templates')
        .select(['type', 'push_config_id'])
        .where('name', '=', body.template)
        .executeTakeFirst();
      if (!template) throw errors.fields({ template: 'templateNotFound' });
      const recipients = await resolveChannelRecipients(
        {
          directory: deps.auth.directory,
          db: deps.db,
          pushProvider: async () => (await deps.pushConfig(template.push_config_id))?.provider,
        },
        template.type,
        body.to,
        body.language,
      );
      const key = body.idempotency_key;
      const scope = scopeOf(request);
      const message = {
        template: body.template,
        to: recipients.to,
        language: recipients.language,
        variables: body.variables ?? {},
        priority: body.priority ?? ('queue' as const),
      };
      // A push to a user's several devices is one message per device; the answer names the first.
      const queue = async (executor: Executor) =>
        (await composeAndQueueAll(executor, deps.queue, message))[0] as number;
      // Without a key the insert is the only write: no transaction to pay for.
      const outcome =
        key === undefined
          ? {
              id: await (recipients.to.length > 1 ? deps.db.transaction().execute(queue) : queue(deps.db)),
              replayed: false,
            }
          : await deps.db.transaction().execute(async (trx) => {
              const existing = await deps.keys.take(trx, scope, key);
              if (typeof existing === 'number') return { id: existing, replayed: true };
              const id = await queue(trx);
              await deps.keys.record(trx, scope, key, id);
              return { id, replayed: false };
            });
      if (outcome.replayed)
        return reply.status(200).header('idempotent-replayed', 'true').send({ id: outcome.id });
      deps.wake();
      return reply.status(202).send({ id: outcome.id });
    },
  );
};
