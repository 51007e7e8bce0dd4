import {
  emailQueueCountsSchema,
  emailQueueDetailSchema,
  emailQueueItemSchema,
  emailQueueResource,
  emailRetryResultSchema,
  listResponseSchema,
  recordEtag,
  sendResponseSchema,
  templatePreviewRequestSchema,
  templatePreviewSchema,
  templateSchema,
  templatesResource,
  templateTestRequestSchema,
  templateWriteSchema,
  translateMessage,
  translationCompletenessSchema,
  translationSchema,
  translationsResource,
  translationWriteSchema,
} from '@pult/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../access/route-access.js';
import type { Db } from '../../db/database.js';
import { errors } from '../../http/app-error.js';
import { requestLocale } from '../../http/locale.js';
import type { Clock } from '../../lib/clock.js';
import { registerBulkRoute } from '../../resources/bulk/bulk-route.js';
import { crudRoutes } from '../../resources/crud-routes.js';
import { registerCsvExport } from '../../resources/export/csv-export-route.js';
import { listRequestOf } from '../../resources/list-request.js';
import { parseNumericId } from '../../resources/record-id.js';
import { readWithVersion, recordVersions } from '../../resources/record-version.js';
import type { AuthApi } from '../auth/index.js';
import type { EmailQueue } from './email-queue.js';
import type { QueueHandlers } from './queue/queue-handlers.js';
import { composeAndQueue } from './send/compose.js';
import { previewTemplate } from './templates/preview.js';
import { sampleHtml } from './templates/system-templates.js';
import { createTemplateHandlers, findTemplate } from './templates/template-handlers.js';
import { templateImportTarget } from './templates/template-import.js';
import { registerTranslationExchange } from './translations/exchange/translation-exchange-routes.js';
import { createTranslationHandlers } from './translations/translation-handlers.js';
import { translationImportTarget } from './translations/translation-import.js';

export interface AdminRouteDeps {
  db: Db;
  clock: Clock;
  auth: AuthApi;
  queue: EmailQueue;
  queueHandlers: QueueHandlers;
  wake: () => void;
}

const idParams = z.object({ id: z.string() });
const idOf = (raw: string): number => {
  const id = parseNumericId(raw);
  if (id === undefined) throw errors.notFound();
  return id;
};

/** The notification service's admin resources: templates, translations, the e-mail queue. */
export const adminRoutes: FastifyPluginAsyncZod<AdminRouteDeps> = async (app, deps) => {
  const { db, clock, queueHandlers } = deps;
  const common = { parseId: parseNumericId };

  await app.register(
    crudRoutes({
      ...common,
      descriptor: templatesResource,
      item: templateSchema,
      create: templateWriteSchema,
      update: templateWriteSchema,
      handlers: createTemplateHandlers(db, clock),
      importTarget: templateImportTarget(db),
    }),
  );
  app.post(
    `${templatesResource.path}/preview`,
    {
      // Rendering what the editor holds: whoever may edit a template (or make one) may preview it.
      config: { access: access.to(templatesResource, 'templates.preview') },
      schema: { body: templatePreviewRequestSchema, response: { 200: templatePreviewSchema } },
    },
    async (request) => previewTemplate(db, request.body),
  );
  app.post(
    `${templatesResource.path}/:id/send-test`,
    {
      config: { access: access.to(templatesResource, 'templates.send-test') },
      schema: { params: idParams, body: templateTestRequestSchema, response: { 202: sendResponseSchema } },
    },
    async (request, reply) => {
      const template = await findTemplate(db, idOf(request.params.id));
      if (!template) throw errors.notFound();
      const id = await db.transaction().execute((trx) =>
        composeAndQueue(
          trx,
          deps.queue,
          {
            template: template.name,
            to: request.body.to,
            language: request.body.language ?? requestLocale(request),
            variables: template.sample_variables,
            html: sampleHtml(template.name, template.sample_variables),
            priority: 'main',
          },
          // An administrator tries a template out before switching it on.
          { allowInactive: true },
        ),
      );
      deps.wake();
      await deps.auth.audit.record(request, {
        action: 'action',
        resource: templatesResource.name,
        recordId: template.id,
        detail: { name: 'send-test', to: request.body.to, email_id: id },
      });
      return reply.status(202).send({ id });
    },
  );
  const translations = createTranslationHandlers(db, clock);
  app.get(
    `${translationsResource.path}/completeness`,
    {
      config: {
        access: access.to(translationsResource, 'list', { scoped: false, fields: null, mask: null }),
      },
      schema: { response: { 200: translationCompletenessSchema } },
    },
    async () => translations.completeness(),
  );
  await app.register(
    crudRoutes({
      ...common,
      descriptor: translationsResource,
      item: translationSchema,
      create: translationWriteSchema,
      update: translationWriteSchema,
      handlers: translations,
      notFound: 'translationNotFound',
      importTarget: translationImportTarget(db),
    }),
  );
  await registerTranslationExchange(app, { db, target: translationImportTarget(db) });

  const queuePath = emailQueueResource.path;
  app.get(
    queuePath,
    {
      config: { access: access.to(emailQueueResource, 'list') },
      schema: { response: { 200: listResponseSchema(emailQueueItemSchema.partial()) } },
    },
    async (request) => queueHandlers.list(listRequestOf(request, emailQueueResource)),
  );
  registerCsvExport(app, {
    descriptor: emailQueueResource,
    rows: (request) => queueHandlers.exportRows(request),
  });
  registerBulkRoute(app, {
    descriptor: emailQueueResource,
    db,
    source: queueHandlers.listSource,
    actions: {
      retry: (executor, ids: number[]) => queueHandlers.bulkRetry(executor, ids),
      cancel: (executor, ids: number[]) => queueHandlers.bulkCancel(executor, ids),
    },
    parseId: (raw) => parseNumericId(String(raw)),
    afterBatch: (action) => {
      if (action === 'retry') deps.wake();
    },
  });
  app.get(
    `${queuePath}/counts`,
    {
      config: { access: access.to(emailQueueResource, 'list', { scoped: false, fields: null, mask: null }) },
      schema: { response: { 200: emailQueueCountsSchema } },
    },
    async () => queueHandlers.counts(),
  );
  // An e-mail answers its version too (the row's xmin): every delivery attempt, retry or cancel changes it.
  const emailVersions = recordVersions(db, { table: 'email_queue', key: 'id' });
  const oneEmail = async (id: number, reply: FastifyReply) => {
    const { item, version } = await readWithVersion(emailVersions, id, () => queueHandlers.get(id));
    if (!item) throw errors.notFound();
    if (version !== undefined) reply.header('etag', recordEtag(version));
    return item;
  };
  app.get(
    `${queuePath}/:id`,
    {
      config: {
        access: access.to(emailQueueResource, 'read', {
          scoped: false,
          readable: ['message_id', 'subject', 'body_text', 'body_html', 'attachments', 'attempt_log'],
        }),
      },
      schema: { params: idParams, response: { 200: emailQueueDetailSchema.partial() } },
    },
    async (request, reply) => oneEmail(idOf(request.params.id), reply),
  );
  // Each action answers the e-mail as it now is, or a 422 naming why its state does not allow it.
  const actions = { retry: queueHandlers.retry, cancel: queueHandlers.cancel };
  for (const [name, act] of Object.entries(actions)) {
    app.post(
      `${queuePath}/:id/${name}`,
      {
        config: { access: access.to(emailQueueResource, `email-queue.${name}`) },
        schema: { params: idParams, response: { 200: emailQueueDetailSchema } },
      },
      async (request, reply) => {
        const id = idOf(request.params.id);
        await act(id);
        if (name === 'retry') deps.wake();
        await deps.auth.audit.record(request, {
          action: 'action',
          resource: emailQueueResource.name,
          recordId: id,
          detail: { name },
        });
        return oneEmail(id, reply);
      },
    );
  }
  app.post(
    `${queuePath}/retry-failed`,
    {
      config: { access: access.to(emailQueueResource, 'email-queue.retry-failed', { scoped: true }) },
      schema: { response: { 200: emailRetryResultSchema } },
    },
    async (request) => {
      // The list's own filters (`filter[…]`), so the action covers exactly what the screen shows.
      const count = await queueHandlers.retryFailed(listRequestOf(request, emailQueueResource));
      if (count > 0) deps.wake();
      await deps.auth.audit.record(request, {
        action: 'bulk',
        resource: emailQueueResource.name,
        detail: { name: 'retry-failed', query: request.query, updated: count },
      });
      return { count, message: translateMessage('emailsRetried', requestLocale(request), { count }) };
    },
  );
};
