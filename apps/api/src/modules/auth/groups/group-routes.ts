import { createHash } from 'node:crypto';
import {
  adminsResource,
  effectivePermissionsSchema,
  type FieldKind,
  groupMembersSchema,
  groupSchema,
  groupsResource,
  groupWriteSchema,
  hasField,
  lookupResponseSchema,
  myPermissionsSchema,
  permissionCatalogueSchema,
  STATUS,
  visibleFields,
} from '@pult/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { accessOf, rowScopeOf } from '../../../access/request-access.js';
import { access } from '../../../access/route-access.js';
import type { Db } from '../../../db/database.js';
import { errors } from '../../../http/app-error.js';
import type { Clock } from '../../../lib/clock.js';
import { auditSinkOf, diffRecords } from '../../../resources/audit-sink.js';
import { crudRoutes } from '../../../resources/crud-routes.js';
import { parseNumericId } from '../../../resources/record-id.js';
import { transact, writeInScope } from '../../../resources/scoped-write.js';
import { personListSource } from '../people/person-source.js';
import type { TokenService } from '../token-service.js';
import { effectiveEntries } from './effective-permissions.js';
import { createGroupHandlers } from './group-handlers.js';
import { parseGrants } from './group-source.js';
import { assertSuperadminRemains, checkMembershipChange, lockSuperadminMembers } from './memberships.js';

export interface GroupRouteDeps {
  db: Db;
  clock: Clock;
  tokens: TokenService;
}

const idParams = z.object({ id: z.string() });
const memberParams = z.object({ id: z.string(), adminId: z.string() });

/**
 * `auth/groups` (records, members), the permission catalogue, an administrator's effective
 * permissions, and the signed-in administrator's own grants for the panel.
 */
export const groupRoutes: FastifyPluginAsyncZod<GroupRouteDeps> = async (app, deps) => {
  const { db, clock } = deps;
  const audit = auditSinkOf(app);
  await app.register(
    crudRoutes({
      descriptor: groupsResource,
      item: groupSchema,
      create: groupWriteSchema,
      update: groupWriteSchema,
      parseId: parseNumericId,
      handlers: createGroupHandlers(db, clock),
      auditInHandler: true,
    }),
  );

  // The names an administrator's form suggests: whoever may list groups, or edit administrators.
  app.get(
    `${groupsResource.path}/lookup`,
    {
      config: { access: access.lookup(groupsResource, [adminsResource]) },
      schema: { response: { 200: lookupResponseSchema } },
    },
    async () => {
      const rows = await db
        .selectFrom('admin_groups')
        .select(['id', 'name'])
        .orderBy('name')
        .limit(1000)
        .execute();
      return { items: rows.map((row) => ({ value: Number(row.id), label: row.name })) };
    },
  );

  const groupById = async (raw: string) => {
    const id = parseNumericId(raw);
    const row =
      id === undefined
        ? undefined
        : await db.selectFrom('admin_groups').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
    if (!row) throw errors.notFound();
    return row;
  };

  /** A group's members, by e-mail (a group of more than a thousand administrators is not expected). */
  const membersOf = async (name: string) => {
    const items = await db
      .selectFrom('admins')
      .select(['id', 'email', 'first_name', 'last_name', 'status'])
      .where(sql<boolean>`${name} = any(groups)`)
      .orderBy('email')
      .limit(1000)
      .execute();
    return { items: items.map((item) => ({ ...item, id: Number(item.id) })) };
  };

  app.get(
    `${groupsResource.path}/:id/members`,
    {
      config: { access: access.to(groupsResource, 'read', { scoped: false, mask: null, fields: null }) },
      schema: { params: idParams, response: { 200: groupMembersSchema } },
    },
    async (request) => {
      const group = await groupById(request.params.id);
      return membersOf(group.name);
    },
  );

  // Adding or removing a member is a change of that administrator's `groups`: the admins' update.
  const memberAccess = access.to(adminsResource, 'update', { scoped: false, mask: null, fields: null });
  for (const method of ['put', 'delete'] as const) {
    app[method](
      `${groupsResource.path}/:id/members/:adminId`,
      {
        config: { access: memberAccess },
        schema: { params: memberParams, response: { 200: groupMembersSchema } },
      },
      async (request) => {
        const group = await groupById(request.params.id);
        const adminId = parseNumericId(request.params.adminId);
        if (adminId === undefined) throw errors.notFound();
        const actor = accessOf(request);
        const decision = actor.decision;
        if (decision && !hasField(visibleFields(decision), 'groups'))
          await actor.deny('auth.admins', 'update', 'groups');
        const changed = await writeInScope(
          db,
          personListSource('admins', adminsResource, 'uk-UA'),
          adminId,
          rowScopeOf(request),
          (executor) =>
            transact(executor, async (trx) => {
              await lockSuperadminMembers(trx);
              const admin = await trx
                .selectFrom('admins')
                .select(['id', 'groups'])
                .where('id', '=', adminId)
                .forUpdate()
                .executeTakeFirst();
              if (!admin) return undefined;
              const after =
                method === 'put'
                  ? [...new Set([...admin.groups, group.name])]
                  : admin.groups.filter((name) => name !== group.name);
              await checkMembershipChange(trx, actor, adminId, admin.groups, after);
              await trx
                .updateTable('admins')
                .set({ groups: after, updated_at: clock() })
                .where('id', '=', adminId)
                .execute();
              await assertSuperadminRemains(trx);
              await audit.record(
                request,
                {
                  action: 'update',
                  resource: adminsResource.name,
                  recordId: String(adminId),
                  changes: diffRecords({ groups: admin.groups }, { groups: after }),
                },
                trx,
              );
              return after;
            }),
        );
        if (!changed) throw errors.notFound();
        return membersOf(group.name);
      },
    );
  }

  const groupGrants = async (names: readonly string[]) => {
    if (names.length === 0) return [];
    const rows = await db
      .selectFrom('admin_groups')
      .select(['name', 'grants'])
      .where('name', 'in', [...names])
      .orderBy('name')
      .execute();
    return rows.map((row) => ({ group: row.name, grants: parseGrants(row.grants) }));
  };

  app.get(
    '/admin/permissions/catalogue',
    {
      config: { access: access.to(groupsResource, 'read', { scoped: false, mask: null, fields: null }) },
      schema: { response: { 200: permissionCatalogueSchema } },
    },
    async (request) => accessOf(request).catalogue.toJSON(),
  );

  app.get(
    `${adminsResource.path}/:id/permissions`,
    {
      config: { access: access.to(groupsResource, 'read', { scoped: false, mask: null, fields: null }) },
      schema: { params: idParams, response: { 200: effectivePermissionsSchema } },
    },
    async (request) => {
      const id = parseNumericId(request.params.id);
      const admin =
        id === undefined
          ? undefined
          : await db
              .selectFrom('admins')
              .select(['id', 'groups', 'status'])
              .where('id', '=', id)
              .executeTakeFirst();
      if (!admin) throw errors.notFound();
      const groups = await groupGrants(admin.groups);
      // A locked or deleted administrator can do nothing, whatever their groups grant.
      const effective = admin.status === STATUS.active ? groups : [];
      return {
        admin_id: Number(admin.id),
        groups: admin.groups,
        entries: effectiveEntries(accessOf(request).catalogue.toJSON(), effective),
      };
    },
  );

  app.get(
    '/admin/me/permissions',
    {
      config: { access: access.enrolment },
      schema: { response: { 200: myPermissionsSchema, 304: z.null() } },
    },
    async (request, reply) => {
      const { identity, permissions, catalogue, mfaEnrollmentRequired } = accessOf(request);
      const version = createHash('sha256')
        .update(`${identity.accessVersion}\n${mfaEnrollmentRequired}\n${[...permissions.groups].join('\n')}`)
        .digest('base64url')
        .slice(0, 22);
      const etag = `"${version}"`;
      reply.header('etag', etag).header('cache-control', 'no-cache');
      if (request.headers['if-none-match'] === etag) return reply.status(304).send(null);
      const kinds: Record<string, Record<string, FieldKind>> = {};
      for (const grant of permissions.grants) {
        if (!grant.where || grant.resource.includes('*')) continue;
        const kindOf = catalogue.kindOf(grant.resource);
        for (const field of Object.keys(grant.where)) {
          const kind = kindOf(field);
          if (kind) kinds[grant.resource] = { ...kinds[grant.resource], [field]: kind };
        }
      }
      return {
        admin_id: identity.adminId,
        groups: [...permissions.groups],
        version,
        grants: [...permissions.grants],
        kinds,
        mfa_enrollment_required: mfaEnrollmentRequired,
      };
    },
  );
};
