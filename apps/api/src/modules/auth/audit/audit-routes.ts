import { auditEntryDetailSchema, auditEntrySchema, auditResource, listResponseSchema } from '@pult/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors } from '../../../http/app-error.js';
import { parseListRequest } from '../../../resources/list-request.js';
import { parseNumericId } from '../../../resources/record-id.js';
import type { AdminGuard } from '../access-guard.js';
import type { AuditLog } from './audit-log.js';

export interface AuditRouteDeps {
  audit: AuditLog;
  requireAdmin: AdminGuard;
}

/** `auth/admin/audit`: read-only. There is no route that changes or removes an entry. */
export const auditRoutes: FastifyPluginAsyncZod<AuditRouteDeps> = async (app, deps) => {
  app.addHook('onRequest', deps.requireAdmin);

  app.get(
    auditResource.path,
    { schema: { response: { 200: listResponseSchema(auditEntrySchema) } } },
    async (request) => deps.audit.list(parseListRequest(auditResource, request.query)),
  );

  app.get(
    `${auditResource.path}/:id`,
    { schema: { params: z.object({ id: z.string() }), response: { 200: auditEntryDetailSchema } } },
    async (request) => {
      const id = parseNumericId(request.params.id);
      const entry = id === undefined ? undefined : await deps.audit.get(id);
      if (!entry) throw errors.notFound();
      return entry;
    },
  );
};
