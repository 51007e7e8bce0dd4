import {
  adminCreateSchema,
  adminSchema,
  adminsResource,
  adminUpdateSchema,
  citiesResource,
  citySchema,
  cityWriteSchema,
  countriesResource,
  countrySchema,
  countryWriteSchema,
  lookupResponseSchema,
  userCreateSchema,
  userSchema,
  usersResource,
  userUpdateSchema,
} from '@pult/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../access/route-access.js';
import type { Db } from '../../db/database.js';
import { requestLocale } from '../../http/locale.js';
import type { Clock } from '../../lib/clock.js';
import type { PasswordHasher } from '../../lib/password-hasher.js';
import type { Mailer } from '../../mail/mailer.js';
import { registerBulkRoute } from '../../resources/bulk/bulk-route.js';
import { crudRoutes } from '../../resources/crud-routes.js';
import { parseNumericId } from '../../resources/record-id.js';
import { detectTextOrder } from '../../resources/text-order.js';
import { createCityHandlers } from './geo/city-handlers.js';
import { cityImportTarget } from './geo/city-import.js';
import { createCountryHandlers } from './geo/country-handlers.js';
import { countryImportTarget } from './geo/country-import.js';
import { createGeoLookups } from './geo/lookups.js';
import { adminImportTarget } from './people/admin-import.js';
import { createPersonBulkActions } from './people/person-bulk.js';
import { createPersonHandlers } from './people/person-handlers.js';
import { personListSource } from './people/person-source.js';
import { userImportTarget } from './people/user-import.js';
import type { TokenService } from './token-service.js';

export interface ResourceRouteDeps {
  db: Db;
  clock: Clock;
  tokens: TokenService;
  passwords: PasswordHasher;
  /** Imported administrators are invited by e-mail to set their password. */
  mailer: Mailer;
  panelUrl: string;
  companyName: string;
}

const cityLookupQuery = z.strictObject({
  country_id: z
    .string()
    .regex(/^\d{1,15}$/, { error: 'invalidValue' })
    .transform(Number)
    .optional(),
});

/** The Users module's records: users, admins, countries, cities, and the lookups of their selects. */
export const resourceRoutes: FastifyPluginAsyncZod<ResourceRouteDeps> = async (app, deps) => {
  const { db, clock, tokens, passwords, mailer, panelUrl, companyName } = deps;
  // Once at start: whether the database has ICU collations decides how name columns sort.
  const textOrder = await detectTextOrder(db);
  const common = { parseId: parseNumericId };

  await app.register(
    crudRoutes({
      ...common,
      descriptor: usersResource,
      item: userSchema,
      create: userCreateSchema,
      update: userUpdateSchema,
      handlers: createPersonHandlers({ db, table: 'users', tokens, clock, passwords }),
      importTarget: userImportTarget(db, tokens),
    }),
  );
  await app.register(
    crudRoutes({
      ...common,
      descriptor: adminsResource,
      item: adminSchema,
      create: adminCreateSchema,
      update: adminUpdateSchema,
      handlers: createPersonHandlers({ db, table: 'admins', tokens, clock, passwords }),
      readable: ['photo'],
      // A change of membership is in the log with the change itself.
      auditInHandler: true,
      importTarget: adminImportTarget({ db, tokens, mailer, panelUrl, companyName }),
    }),
  );
  for (const [table, descriptor] of [
    ['users', usersResource],
    ['admins', adminsResource],
  ] as const) {
    registerBulkRoute(app, {
      descriptor,
      db,
      source: personListSource(table, descriptor, 'uk-UA'),
      actions: createPersonBulkActions(table, tokens, clock),
      parseId: (raw) => parseNumericId(String(raw)),
    });
  }
  await app.register(
    crudRoutes({
      ...common,
      descriptor: countriesResource,
      item: countrySchema,
      create: countryWriteSchema,
      update: countryWriteSchema,
      handlers: createCountryHandlers(db, clock, textOrder),
      importTarget: countryImportTarget(db),
    }),
  );
  await app.register(
    crudRoutes({
      ...common,
      descriptor: citiesResource,
      item: citySchema,
      create: cityWriteSchema,
      update: cityWriteSchema,
      handlers: createCityHandlers(db, clock, textOrder),
      importTarget: cityImportTarget(db),
    }),
  );

  const lookups = createGeoLookups(db);
  app.get(
    `${countriesResource.path}/lookup`,
    {
      config: { access: access.lookup(countriesResource, [usersResource, adminsResource, citiesResource]) },
      schema: { response: { 200: lookupResponseSchema } },
    },
    async (request) => lookups.countries(requestLocale(request)),
  );
  app.get(
    `${citiesResource.path}/lookup`,
    {
      config: { access: access.lookup(citiesResource, [usersResource, adminsResource]) },
      schema: { querystring: cityLookupQuery, response: { 200: lookupResponseSchema } },
    },
    async (request) => lookups.cities(requestLocale(request), request.query.country_id),
  );
};
