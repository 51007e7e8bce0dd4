import { deviceRegisterSchema, deviceRemoveSchema, deviceSchema } from '@pult/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { access } from '../../../access/route-access.js';
import type { Db } from '../../../db/database.js';
import { errors } from '../../../http/app-error.js';
import type { Clock } from '../../../lib/clock.js';
import { type AuthApi, currentUser } from '../../auth/index.js';

/**
 * A platform user's push devices. A token belongs to one user: registering it again (the same phone,
 * another account) moves it, in one `insert … on conflict` so two registrations cannot both keep it.
 */
export const deviceRoutes: FastifyPluginAsyncZod<{ db: Db; clock: Clock; auth: AuthApi }> = async (
  app,
  deps,
) => {
  app.post(
    '/devices',
    {
      config: { access: access.platform },
      onRequest: deps.auth.requireUser,
      schema: { body: deviceRegisterSchema, response: { 200: deviceSchema, 201: deviceSchema } },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const now = deps.clock();
      const { rows } = await sql<{
        token: string;
        platform: 'android' | 'ios' | 'web';
        created_at: Date;
        updated_at: Date;
        inserted: boolean;
      }>`
        insert into notification_devices (user_id, token, platform, created_at, updated_at)
        values (${user.id}, ${request.body.token}, ${request.body.platform}, ${now}, ${now})
        on conflict (token) do update
          set user_id = excluded.user_id, platform = excluded.platform, updated_at = excluded.updated_at
        returning token, platform, created_at, updated_at, (xmax = 0) as inserted`.execute(deps.db);
      const row = rows[0];
      if (!row) throw new Error('The device upsert returned no row');
      return reply.status(row.inserted ? 201 : 200).send({
        token: row.token,
        platform: row.platform,
        created_at: new Date(row.created_at).toISOString(),
        updated_at: new Date(row.updated_at).toISOString(),
      });
    },
  );
  app.delete(
    '/devices',
    {
      config: { access: access.platform },
      onRequest: deps.auth.requireUser,
      schema: { body: deviceRemoveSchema },
    },
    async (request, reply) => {
      const deleted = await deps.db
        .deleteFrom('notification_devices')
        .where('token', '=', request.body.token)
        .where('user_id', '=', currentUser(request).id)
        .returning('id')
        .executeTakeFirst();
      if (!deleted) throw errors.notFound('deviceNotFound');
      return reply.status(204).send();
    },
  );
};
