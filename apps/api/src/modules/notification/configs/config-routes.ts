import {
  configTestResultSchema,
  lookupResponseSchema,
  type MessageKey,
  pushConfigSchema,
  pushConfigWriteSchema,
  type ResourceDescriptor,
  smsConfigSchema,
  smsConfigWriteSchema,
  smtpConfigCheckSchema,
  smtpConfigSchema,
  smtpConfigSendTestSchema,
  smtpConfigWriteSchema,
  translateMessage,
} from '@pult/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Db } from '../../../db/database.js';
import { requestLocale } from '../../../http/locale.js';
import type { Clock } from '../../../lib/clock.js';
import { crudRoutes, type RecordHandlers } from '../../../resources/crud-routes.js';
import { parseNumericId } from '../../../resources/record-id.js';
import { type AuthApi, currentAdminId } from '../../auth/index.js';
import { checkSmtp, sendSmtpTest } from '../channels/smtp-check.js';
import type { ConfigStore } from './config-store.js';

export interface ConfigRouteDeps {
  db: Db;
  clock: Clock;
  auth: AuthApi;
  configs: ConfigStore;
}

/** The three configuration resources (SMTP, SMS, push): CRUD and a lookup each. */
export const configRoutes: FastifyPluginAsyncZod<ConfigRouteDeps> = async (app, deps) => {
  const { auth, configs } = deps;
  const common = { parseId: parseNumericId, guard: auth.requireAdmin, adminIdOf: currentAdminId };
  const register = async <Item extends z.ZodType, Write extends z.ZodType>(
    store: {
      kind: { descriptor: ResourceDescriptor; notFound: MessageKey };
      handlers: RecordHandlers<number, z.infer<Item>, z.infer<Write>, z.infer<Write>>;
      lookup: (locale: string) => Promise<z.infer<typeof lookupResponseSchema>>;
    },
    item: Item,
    write: Write,
  ) => {
    app.get(
      `${store.kind.descriptor.path}/lookup`,
      { onRequest: auth.requireAdmin, schema: { response: { 200: lookupResponseSchema } } },
      async (request) => store.lookup(requestLocale(request)),
    );
    await app.register(
      crudRoutes({
        ...common,
        descriptor: store.kind.descriptor,
        item,
        create: write,
        update: write,
        handlers: store.handlers,
        notFound: store.kind.notFound,
      }),
    );
  };
  await register(configs.smtp, smtpConfigSchema, smtpConfigWriteSchema);
  const smtpPath = configs.smtp.kind.descriptor.path;
  const testText = (request: FastifyRequest, name: string) => {
    const locale = requestLocale(request);
    return {
      subject: translateMessage('testSubject', locale),
      body: translateMessage('testBody', locale, { name }),
    };
  };
  app.post(
    `${smtpPath}/check`,
    {
      onRequest: auth.requireAdmin,
      schema: { body: smtpConfigCheckSchema, response: { 200: configTestResultSchema } },
    },
    async (request) => checkSmtp(await configs.smtp.resolve(request.body.id ?? null, request.body.config)),
  );
  app.post(
    `${smtpPath}/send-test`,
    {
      onRequest: auth.requireAdmin,
      schema: { body: smtpConfigSendTestSchema, response: { 200: configTestResultSchema } },
    },
    async (request) => {
      const { id, config, to } = request.body;
      const resolved = await configs.smtp.resolve(id ?? null, config);
      return sendSmtpTest(resolved, to, testText(request, config.name));
    },
  );
  await register(configs.sms, smsConfigSchema, smsConfigWriteSchema);
  await register(configs.push, pushConfigSchema, pushConfigWriteSchema);
};
