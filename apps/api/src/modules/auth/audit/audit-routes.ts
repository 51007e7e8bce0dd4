import { auditEntryDetailSchema, auditEntrySchema, auditResource, listResponseSchema } from '@pult/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../../access/route-access.js';
import { errors } from '../../../http/app-error.js';
import { listRequestOf } from '../../../resources/list-request.js';
import { parseNumericId } from '../../../resources/record-id.js';
import type { AuditLog } from './audit-log.js';

export interface AuditRouteDeps {
  audit: AuditLog;
}

/** `auth/admin/audit`: read-only. There is no route that changes or removes an entry. */
export const auditRoutes: FastifyPluginAsyncZod<AuditRouteDeps> = async (app, deps) => {
  app.get(
    auditResource.path,
    {
      config: { access: access.to(auditResource, 'list') },
      schema: { response: { 200: listResponseSchema(auditEntrySchema.partial()) } },
    },
    async (request) => deps.audit.list(listRequestOf(request, auditResource)),
  );

  app.get(
    `${auditResource.path}/:id`,
    {
      // Read by id only: an entry is looked up whole, so no condition can be applied to it.
      config: {
        access: access.to(auditResource, 'read', {
          scoped: false,
          readable: ['changes', 'detail', 'user_agent'],
        }),
      },
      schema: { params: z.object({ id: z.string() }), response: { 200: auditEntryDetailSchema.partial() } },
    },
    async (request) => {
      const id = parseNumericId(request.params.id);
      const entry = id === undefined ? undefined : await deps.audit.get(id);
      if (!entry) throw errors.notFound();
      return entry;
    },
  );
};
