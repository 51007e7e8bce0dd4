import {
  type ConfigTestResult,
  configTestResultSchema,
  lookupResponseSchema,
  type MessageKey,
  pushConfigCheckSchema,
  pushConfigSchema,
  pushConfigSendTestSchema,
  pushConfigWriteSchema,
  type ResourceDescriptor,
  smsConfigCheckSchema,
  smsConfigSchema,
  smsConfigSendTestSchema,
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
import { type ClosableAdapter, pushAdapterFor, smsAdapterFor } from '../channels/adapters.js';
import { ProviderError } from '../channels/provider-error.js';
import { checkSmtp, sendSmtpTest } from '../channels/smtp-check.js';
import type { ConfigStore } from './config-store.js';

/**
 * Runs one provider call for "Test connection" or "Send test": the provider's answer either way, as
 * 200 (the check itself worked; what it found is in `ok`). A configuration that cannot make an
 * adapter (a missing key) is a failed check too.
 */
async function tryAdapter(
  make: () => Promise<ClosableAdapter>,
  run: (adapter: ClosableAdapter) => Promise<string>,
): Promise<ConfigTestResult> {
  let adapter: ClosableAdapter | undefined;
  try {
    adapter = await make();
    return { ok: true, message: (await run(adapter)) || 'OK' };
  } catch (error) {
    if (error instanceof ProviderError) return { ok: false, message: error.message };
    throw error;
  } finally {
    adapter?.close?.();
  }
}

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

  const testRoutes = <Write extends { name: string }>(
    path: string,
    check: z.ZodType<{ id?: number | null; config: Write }>,
    send: z.ZodType<{ id?: number | null; config: Write; to: string }>,
    adapterOf: (config: Write) => ClosableAdapter,
    resolve: (id: number | null, config: Write) => Promise<Write>,
  ) => {
    const make = (id: number | null | undefined, config: Write) => async () =>
      adapterOf(await resolve(id ?? null, config));
    app.post(
      `${path}/check`,
      { onRequest: auth.requireAdmin, schema: { body: check, response: { 200: configTestResultSchema } } },
      async (request) => tryAdapter(make(request.body.id, request.body.config), (adapter) => adapter.check()),
    );
    app.post(
      `${path}/send-test`,
      { onRequest: auth.requireAdmin, schema: { body: send, response: { 200: configTestResultSchema } } },
      async (request) => {
        const { id, config, to } = request.body;
        const text = testText(request, config.name);
        return tryAdapter(make(id, config), (adapter) =>
          adapter.send(to, { title: text.subject, body: text.body }),
        );
      },
    );
  };
  testRoutes(
    configs.sms.kind.descriptor.path,
    smsConfigCheckSchema,
    smsConfigSendTestSchema,
    smsAdapterFor,
    configs.sms.resolve,
  );
  testRoutes(
    configs.push.kind.descriptor.path,
    pushConfigCheckSchema,
    pushConfigSendTestSchema,
    pushAdapterFor,
    configs.push.resolve,
  );
};
