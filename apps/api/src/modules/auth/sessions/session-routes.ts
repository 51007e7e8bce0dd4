import { adminSessionsSchema, adminsResource, endedSessionsSchema } from '@pult/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { accessOf } from '../../../access/request-access.js';
import { access } from '../../../access/route-access.js';
import type { Db } from '../../../db/database.js';
import { errors } from '../../../http/app-error.js';
import { noStore } from '../../../http/no-store.js';
import type { Clock } from '../../../lib/clock.js';
import { parseNumericId } from '../../../resources/record-id.js';
import type { AuditLog } from '../audit/audit-log.js';
import { describeUserAgent } from './user-agent.js';

export interface SessionRouteDeps {
  db: Db;
  clock: Clock;
  audit: AuditLog;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const sessionParams = z.object({ id: z.string().max(64) });

/**
 * The signed-in administrator's own sign-ins (`/admin/sessions`): where they are signed in, and ending
 * one or all the others; and, with the `admins.sessions` grant, another administrator's. Ending marks the sign-in revoked, which every process reads with each
 * request's token (token-service `authenticateAdmin`), so its access token fails at once and its
 * refresh token cannot renew.
 */
export const sessionRoutes: FastifyPluginAsyncZod<SessionRouteDeps> = async (app, deps) => {
  const { db, clock, audit } = deps;
  const own = (request: FastifyRequest) => accessOf(request).identity;

  app.get(
    '/admin/sessions',
    {
      config: { access: access.signedIn },
      schema: { response: { 200: adminSessionsSchema } },
      onRequest: noStore,
    },
    async (request) => {
      const { adminId, sessionId } = own(request);
      return openSessions(db, clock(), adminId, sessionId);
    },
  );

  app.delete(
    '/admin/sessions/:id',
    {
      config: { access: access.signedIn },
      schema: { params: sessionParams, response: { 200: endedSessionsSchema } },
    },
    async (request) => {
      const { adminId } = own(request);
      const { id } = request.params;
      // Someone else's sign-in, an ended one and a malformed id all read as missing.
      if (!UUID.test(id)) throw errors.notFound();
      const ended = await endSessions(db, clock(), adminId, { only: id });
      if (ended === 0) throw errors.notFound();
      await audit.record(request, {
        action: 'signout',
        resource: null,
        detail: { session: id, by: 'sessions' },
      });
      return { ended };
    },
  );

  app.post(
    '/admin/sessions/end-others',
    { config: { access: access.signedIn }, schema: { response: { 200: endedSessionsSchema } } },
    async (request) => {
      const { adminId, sessionId } = own(request);
      const ended = await endSessions(db, clock(), adminId, { except: sessionId });
      if (ended > 0)
        await audit.record(request, { action: 'signout', resource: null, detail: { ended, by: 'sessions' } });
      return { ended };
    },
  );

  // Another administrator's sign-ins (a stolen laptop, someone who left): with the grant for it.
  const othersAccess = access.to(adminsResource, 'admins.sessions', {
    scoped: false,
    mask: null,
    fields: null,
  });
  const otherAdmin = async (raw: string) => {
    const id = parseNumericId(raw);
    const found =
      id === undefined
        ? undefined
        : await db.selectFrom('admins').select('id').where('id', '=', id).executeTakeFirst();
    if (!found) throw errors.notFound();
    return Number(found.id);
  };

  app.get(
    `${adminsResource.path}/:id/sessions`,
    {
      config: { access: othersAccess },
      schema: { params: sessionParams, response: { 200: adminSessionsSchema } },
      onRequest: noStore,
    },
    async (request) => openSessions(db, clock(), await otherAdmin(request.params.id), own(request).sessionId),
  );

  app.delete(
    `${adminsResource.path}/:id/sessions/:sessionId`,
    {
      config: { access: othersAccess },
      schema: {
        params: z.object({ id: z.string().max(64), sessionId: z.string().max(64) }),
        response: { 200: endedSessionsSchema },
      },
    },
    async (request) => {
      const adminId = await otherAdmin(request.params.id);
      const { sessionId } = request.params;
      if (!UUID.test(sessionId)) throw errors.notFound();
      const ended = await endSessions(db, clock(), adminId, { only: sessionId }, 'ended-by-admin');
      if (ended === 0) throw errors.notFound();
      await audit.record(request, {
        action: 'action',
        resource: 'admins',
        recordId: adminId,
        detail: { name: 'end-session', session: sessionId },
      });
      return { ended };
    },
  );
};

/** One statement, so a sign-in ended by two tabs at once counts once. */
async function endSessions(
  db: Db,
  now: Date,
  adminId: number,
  which: { only: string } | { except: string },
  reason = 'ended-by-owner',
): Promise<number> {
  let query = db
    .updateTable('auth_sessions')
    .set({ revoked_at: now, revoked_reason: reason })
    .where('subject_kind', '=', 'admin')
    .where('subject_id', '=', adminId)
    .where('revoked_at', 'is', null);
  query = 'only' in which ? query.where('id', '=', which.only) : query.where('id', '!=', which.except);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** An administrator's open sign-ins, most recently used first; `current` marks the caller's own. */
async function openSessions(db: Db, now: Date, adminId: number, currentSessionId: string | null) {
  const rows = await db
    .selectFrom('auth_sessions as s')
    .select([
      's.id',
      's.created_at',
      's.ip',
      's.user_agent',
      's.second_factor',
      sql<Date>`coalesce((select max(r.created_at) from refresh_tokens r where r.session_id = s.id), s.created_at)`.as(
        'last_seen_at',
      ),
    ])
    .where('s.subject_kind', '=', 'admin')
    .where('s.subject_id', '=', adminId)
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', now)
    .orderBy('last_seen_at', 'desc')
    .limit(100)
    .execute();
  return {
    items: rows.map((row) => ({
      id: row.id,
      created_at: new Date(row.created_at).toISOString(),
      last_seen_at: new Date(row.last_seen_at).toISOString(),
      ip: row.ip,
      ...describeUserAgent(row.user_agent),
      second_factor: row.second_factor,
      current: row.id === currentSessionId,
    })),
  };
}
