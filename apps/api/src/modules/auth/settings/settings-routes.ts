import {
  apiKeysResponseSchema,
  listResponseSchema,
  regenerateApiKeysResponseSchema,
  revokeUserTokensResponseSchema,
  SETTING_KEY_PATTERN,
  serviceIdentitySchema,
  settingCreateSchema,
  settingSchema,
  settingsResource,
  settingsResponseSchema,
  settingUpdateSchema,
  translateMessage,
} from '@pult/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessOf, currentAdminId } from '../../../access/request-access.js';
import { access } from '../../../access/route-access.js';
import type { Db } from '../../../db/database.js';
import { errors } from '../../../http/app-error.js';
import { requestLocale } from '../../../http/locale.js';
import { noStore } from '../../../http/no-store.js';
import type { Clock } from '../../../lib/clock.js';
import type { AuditSink } from '../../../resources/audit-sink.js';
import { crudRoutes } from '../../../resources/crud-routes.js';
import { listRequestOf } from '../../../resources/list-request.js';
import type { TokenService } from '../token-service.js';
import type { ApiKeys } from './api-keys.js';
import { settingImportTarget } from './setting-import.js';
import { createSettingHandlers } from './settings-handlers.js';
import type { SettingsRepository } from './settings-repository.js';

export interface SettingsRouteDeps {
  db: Db;
  clock: Clock;
  settings: SettingsRepository;
  apiKeys: ApiKeys;
  tokens: TokenService;
  audit: AuditSink;
}

/** `auth/settings`: typed settings and the two platform-wide actions behind the settings screen. */
export const settingsRoutes: FastifyPluginAsyncZod<SettingsRouteDeps> = async (app, deps) => {
  const handlers = createSettingHandlers(deps.db, deps.clock);

  /**
   * One path, two callers: with `translate=true` it is what the panel reads before anyone signs in
   * (the public settings, no token); otherwise it is the administrators' list of settings, which
   * access control checks before anything is read.
   */
  app.get(
    settingsResource.path,
    {
      config: {
        access: access.to(settingsResource, 'list', {
          exemptWhen: (request) => (request.query as Record<string, unknown>).translate === 'true',
        }),
      },
      schema: {
        response: { 200: z.union([listResponseSchema(settingSchema.partial()), settingsResponseSchema]) },
      },
    },
    async (request) => {
      const { translate } = request.query as Record<string, unknown>;
      if (translate === 'true') return { items: await deps.settings.listPublic() };
      if (translate !== undefined && translate !== 'false')
        throw errors.fields({ translate: 'invalidValue' });
      const { translate: _translate, ...params } = request.query as Record<string, unknown>;
      return handlers.list(listRequestOf(request, settingsResource, params), {
        locale: requestLocale(request),
        adminId: currentAdminId(request),
        access: accessOf(request),
      });
    },
  );

  await app.register(
    crudRoutes({
      descriptor: settingsResource,
      item: settingSchema,
      create: settingCreateSchema,
      update: settingUpdateSchema,
      parseId: (raw) => (SETTING_KEY_PATTERN.test(raw) ? raw : undefined),
      handlers,
      list: false,
      importTarget: settingImportTarget(deps.db),
    }),
  );

  app.post(
    `${settingsResource.path}/revoke-user-tokens`,
    {
      config: { access: access.to(settingsResource, 'settings.revoke-user-tokens', { stepUp: true }) },
      schema: { response: { 200: revokeUserTokensResponseSchema } },
    },
    async (request) => {
      const revoked = await deps.tokens.revokeAll(deps.db, 'user', null, 'revoked by an administrator');
      request.log.info({ revoked, adminId: currentAdminId(request) }, 'All platform user sessions revoked');
      await deps.audit.record(request, {
        action: 'action',
        resource: settingsResource.name,
        detail: { name: 'revoke-user-tokens', revoked },
      });
      return {
        message: translateMessage('userTokensRevoked', requestLocale(request), { count: revoked }),
        revoked,
      };
    },
  );

  app.post(
    `${settingsResource.path}/regenerate-api-keys`,
    {
      config: { access: access.to(settingsResource, 'settings.regenerate-api-keys', { stepUp: true }) },
      onRequest: noStore,
      schema: { response: { 200: regenerateApiKeysResponseSchema } },
    },
    async (request) => {
      const keys = await deps.apiKeys.regenerate();
      request.log.info({ adminId: currentAdminId(request) }, 'Service API keys regenerated');
      // The new keys themselves never reach the log.
      await deps.audit.record(request, {
        action: 'action',
        resource: settingsResource.name,
        detail: { name: 'regenerate-api-keys' },
      });
      return { message: translateMessage('apiKeysRegenerated', requestLocale(request)), keys };
    },
  );

  /** How a platform service checks its key: 200 with its name, or 401. */
  app.get(
    '/service/whoami',
    { config: { access: access.platform }, schema: { response: { 200: serviceIdentitySchema } } },
    async (request) => {
      const header = request.headers['x-api-key'];
      const service = typeof header === 'string' ? await deps.apiKeys.serviceOf(header) : undefined;
      if (!service) throw errors.unauthorized('invalidApiKey');
      return { service };
    },
  );

  app.get(
    '/admin/api-keys',
    {
      config: { access: access.to(settingsResource, 'settings.api-keys', { fields: null }) },
      schema: { response: { 200: apiKeysResponseSchema } },
    },
    async () => ({ items: await deps.apiKeys.list() }),
  );
};
