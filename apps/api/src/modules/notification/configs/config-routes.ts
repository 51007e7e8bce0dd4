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
  templatesResource,
  translateMessage,
} from '@pult/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { access } from '../../../access/route-access.js';
import type { Db } from '../../../db/database.js';
import { requestLocale } from '../../../http/locale.js';
import type { Clock } from '../../../lib/clock.js';
import { crudRoutes, type RecordHandlers } from '../../../resources/crud-routes.js';
import { parseNumericId } from '../../../resources/record-id.js';
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
  configs: ConfigStore;
}

/** The three configuration resources (SMTP, SMS, push): CRUD and a lookup each. */
export const configRoutes: FastifyPluginAsyncZod<ConfigRouteDeps> = async (app, deps) => {
  const { configs } = deps;
  const common = { parseId: parseNumericId };
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
      {
        // A template names its configuration: whoever edits templates sees the configurations' names.
        config: { access: access.lookup(store.kind.descriptor, [templatesResource]) },
        schema: { response: { 200: lookupResponseSchema } },
      },
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
      config: { access: access.to(configs.smtp.kind.descriptor, 'configs.check') },
      schema: { body: smtpConfigCheckSchema, response: { 200: configTestResultSchema } },
    },
    async (request) => checkSmtp(await configs.smtp.resolve(request.body.id ?? null, request.body.config)),
  );
  app.post(
    `${smtpPath}/send-test`,
    {
      config: { access: access.to(configs.smtp.kind.descriptor, 'configs.send-test') },
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
    descriptor: ResourceDescriptor,
    check: z.ZodType<{ id?: number | null; config: Write }>,
    send: z.ZodType<{ id?: number | null; config: Write; to: string }>,
    adapterOf: (config: Write) => ClosableAdapter,
    resolve: (id: number | null, config: Write) => Promise<Write>,
  ) => {
    const make = (id: number | null | undefined, config: Write) => async () =>
      adapterOf(await resolve(id ?? null, config));
    const path = descriptor.path;
    app.post(
      `${path}/check`,
      {
        config: { access: access.to(descriptor, 'configs.check') },
        schema: { body: check, response: { 200: configTestResultSchema } },
      },
      async (request) => tryAdapter(make(request.body.id, request.body.config), (adapter) => adapter.check()),
    );
    app.post(
      `${path}/send-test`,
      {
        config: { access: access.to(descriptor, 'configs.send-test') },
        schema: { body: send, response: { 200: configTestResultSchema } },
      },
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
    configs.sms.kind.descriptor,
    smsConfigCheckSchema,
    smsConfigSendTestSchema,
    smsAdapterFor,
    configs.sms.resolve,
  );
  testRoutes(
    configs.push.kind.descriptor,
    pushConfigCheckSchema,
    pushConfigSendTestSchema,
    pushAdapterFor,
    configs.push.resolve,
  );
};
